// Package widget is the hosted bank-connect widget's domain: the signed
// links a client creates for its subjects, their openings and expiry, the
// widget's connect and reconnect with their SCA steps, the progress a
// subject sees and the statistics of how far each subject went. It builds
// on the aggregation's connections and SCAs, and knows nothing of HTTP
// requests.
package widget
