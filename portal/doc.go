// Package portal is the developer portal's domain: developers' accounts
// (sign-up, email verification or an operator's approval, sign-in under
// the sign-in's throttle, password reset), their test applications (OAuth
// clients of the test environment they create and manage themselves), and
// their requests for production access, which an admin approves or
// refuses. A developer's password signs in to the portal only; API calls
// are authenticated with an application's client id and secret.
package portal
