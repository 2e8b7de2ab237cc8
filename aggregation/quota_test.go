package aggregation

import (
	"errors"
	"testing"
)

func TestQuotasOrTakesEachMissingQuotaFromTheDefault(t *testing.T) {
	def := Quotas{SubjectConnections: 25, SubjectWidgets: 10, Connections: 100}
	tests := []struct{ own, want Quotas }{
		{Quotas{}, def},
		{Quotas{SubjectConnections: 3}, Quotas{SubjectConnections: 3, SubjectWidgets: 10, Connections: 100}},
		{Quotas{SubjectWidgets: 1, Connections: 7}, Quotas{SubjectConnections: 25, SubjectWidgets: 1, Connections: 7}},
	}
	for _, tt := range tests {
		if got := tt.own.Or(def); got != tt.want {
			t.Errorf("%+v.Or(%+v) = %+v, want %+v", tt.own, def, got, tt.want)
		}
	}
	err := WidgetQuotaError("s-1", 10)
	if !errors.Is(err, ErrQuota) || err.Error() != "open widget links of subject s-1: the quota of 10 is reached; "+
		"let an open link expire or be used, or ask the operator to raise the quota" {
		t.Errorf("widget quota error %q", err)
	}
}
