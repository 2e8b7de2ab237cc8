// Package gateway holds the rules of the Showcase, Reminder and Consent
// gateway 1.1.0 that are neither HTTP nor SQL: who may see and change a
// showcase, its reminders and its consents; what a valid showcase, reminder,
// consent, page or search is; and the configurable limits. Service applies
// them and makes the store calls; the HTTP handlers call only Service.
package gateway
