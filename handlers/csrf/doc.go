// Package csrf guards every HTML form of the server, the sign-in and
// consent page, the widget's pages and the mock banks' pages alike, in two
// layers: net/http's CrossOriginProtection refuses an unsafe request a
// browser marks as cross-origin (Sec-Fetch-Site, Origin), and a random token
// kept in a signed cookie must come back in the form's hidden field
// (views.CSRFInput), which covers browsers that send neither header.
// Refused posts all get the same page.
package csrf
