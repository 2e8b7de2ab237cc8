package results

import (
	"context"
	"errors"
	"fmt"
	"time"

	"openbank/aggregation"
	"openbank/insight/score"
	"openbank/store"
)

// resultVersion is the version of a result built now of the subject's
// data: the data's own on the request day, the embedded scorecard model's
// and the categoriser version of the categories the data carries. A stored
// result of another version is not served: it is built again, as a missing
// one is. So a retrained model rebuilds the results asked for, and so does
// a new categoriser once its re-categorisation has reached the subject;
// until then the subject's data keeps the older categories, which a result
// built meanwhile reads and records.
func (r *Service) resultVersion(ctx context.Context, d *subjectData) (store.ResultVersion, error) {
	model, err := scorecardVersion()
	if err != nil {
		return store.ResultVersion{}, err
	}
	categories, err := r.Store.Reader().SubjectCategoriserVersion(ctx, d.Connections, aggregation.CategoriserVersion)
	if err != nil {
		return store.ResultVersion{}, err
	}
	return store.ResultVersion{Data: d.dataVersion(r.now()), Model: model, Categoriser: categories}, nil
}

// dataVersion names the data a result is built from and the request day it
// is built on: a new fetch, upload or deletion changes it, and so does a new
// day, which ages the data (its age, a stale warning, whether it may be
// scored and with what confidence are of the request day).
func (d *subjectData) dataVersion(today time.Time) string {
	return fmt.Sprintf("%d.%d.%d.%s", d.AsOf.UnixMicro(), d.Size.NewestTransactionID, d.Size.Transactions,
		today.UTC().Format("20060102"))
}

// scorecardVersion names the embedded scorecard model, name@version
// (insight/score/data/scorecard_model.json): retraining it gives a new version.
func scorecardVersion() (string, error) {
	m, err := score.DefaultScorecards()
	if err != nil {
		return "", errors.Join(errors.New("results: scorecards"), err)
	}
	return m.Name + "@" + m.Version, nil
}
