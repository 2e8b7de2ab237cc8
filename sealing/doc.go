// Package sealing encrypts the secrets Openbank keeps in its database —
// token signing keys, generated session keys and clients' callback HMAC
// secrets — with the system key, SECRETS_KEY, so that a dump of the
// database alone signs nothing.
//
// A Keyring holds one or more 32-byte keys, newest first: the newest seals,
// every key opens. Values are sealed with AES-256-GCM under a fresh random
// nonce, with the identity of the value's row as additional data, so a
// sealed value copied into another row does not open. A sealed value is
//
//	0x01 | key id (4 bytes) | nonce (12 bytes) | ciphertext and tag
//
// and the key id, derived from the key itself, names the key that opens it;
// a value sealed with a key the keyring lacks fails with a *MissingKeyError
// that says which key id it needs.
package sealing
