// Package results is the aggregation's analytics and reports of a subject.
// It reads what a client holds of the subject (the connections package
// aggregation fetched or uploaded), builds the analytics document and the
// report, as JSON or PDF, with the insight packages, within the request
// when the data is small, else as a durable build job, keeps each result
// with the versions of the data, scorecard model and categoriser it was
// built of, and hands it out behind signed links until it expires; a daily
// job deletes the expired ones.
//
// It imports aggregation for two names (the upload provider, the
// categoriser version) and reads the records through store; aggregation
// never imports it. The assembly (web) registers its job handlers and
// hands its clean-up's job kind to aggregation.Service.DailyJobs, which
// the aggregation's scheduler queues with its own.
package results
