package widget

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// Statistics is the answer to GET /widget/statistics.
type Statistics struct {
	SubjectID string            `json:"subjectId"`
	Widgets   []WidgetStatistic `json:"widgets"`
}

// WidgetStatistic is what a subject did with one widget.
type WidgetStatistic struct {
	WidgetID      int64           `json:"widgetId"`
	Type          string          `json:"type"` // connect or reconnect
	CreatedAt     time.Time       `json:"createdAt"`
	ExpiredAt     time.Time       `json:"expiredAt"`
	Openings      int             `json:"openings"`
	FirstOpenedAt *time.Time      `json:"firstOpenedAt"`
	LastOpenedAt  *time.Time      `json:"lastOpenedAt"`
	FurthestStep  string          `json:"furthestStep"`
	Outcome       string          `json:"outcome"`
	Connections   []ConnectionRef `json:"connections"`
}

// ConnectionRef is a connection a widget created, with its consent status.
type ConnectionRef struct {
	ConnectionID  int64  `json:"connectionId"`
	ConsentStatus string `json:"consentStatus"`
}

// Statistics lists the widgets of a subject: GET /widget/statistics?subjectId=.
func (h *Handler) Statistics(c *gin.Context) {
	who, ok := callerOf(c)
	if !ok {
		return
	}
	subject, err := jsonbody.SubjectID([]byte(strconv.Quote(c.Query("subjectId"))))
	if err != nil {
		fault.Abort(c, fault.Validation("subjectId", "query parameter is required"))
		return
	}
	stats, err := h.service.Statistics(c.Request.Context(), who.clientID, subject)
	if err != nil {
		fault.Abort(c, err)
		return
	}
	out := Statistics{SubjectID: subject, Widgets: make([]WidgetStatistic, len(stats))}
	for i, s := range stats {
		w := s.Widget
		ws := WidgetStatistic{WidgetID: w.ID, Type: w.Kind, CreatedAt: w.CreatedAt, ExpiredAt: w.ExpiredAt,
			Openings: w.Openings, FirstOpenedAt: timePtr(w.FirstOpenedAt), LastOpenedAt: timePtr(w.LastOpenedAt),
			FurthestStep: s.FurthestStep.String(), Outcome: s.Outcome, Connections: make([]ConnectionRef, len(s.Connections))}
		for j, wc := range s.Connections {
			ws.Connections[j] = ConnectionRef{ConnectionID: wc.ConnectionID, ConsentStatus: wc.ConsentStatus}
		}
		out.Widgets[i] = ws
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
}

func timePtr(t store.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time
	return &v
}
