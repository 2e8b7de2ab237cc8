-- A failed fetch carries a machine-readable error code from a documented
-- enum besides its text. Fetches that failed before this column existed
-- get the code their text names.
ALTER TABLE fetches ADD COLUMN error_code text;

UPDATE fetches SET error_code = CASE
    WHEN error_reason = 'consent: consent expired' THEN 'consentExpired'
    WHEN error_reason = 'consent: consent revoked by the bank' THEN 'consentRevoked'
    WHEN error_reason LIKE 'consent:%' THEN 'consentInvalid'
    WHEN error_reason = 'provider: bank unavailable' THEN 'bankUnavailable'
    WHEN error_reason = 'provider: bank in maintenance' THEN 'bankMaintenance'
    WHEN error_reason LIKE 'provider:%' THEN 'bankError'
    ELSE 'internal' END
WHERE status = 'failed';
