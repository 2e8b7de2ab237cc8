package banks

import (
	"slices"
	"testing"
	"time"
)

func TestEnglandHolidays(t *testing.T) {
	t.Parallel()
	tests := []struct {
		year int
		want []string
	}{
		{2020, []string{"2020-01-01", "2020-04-10", "2020-04-13", "2020-05-08", "2020-05-25", "2020-08-31", "2020-12-25", "2020-12-28"}},
		{2022, []string{"2022-01-03", "2022-04-15", "2022-04-18", "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19", "2022-12-26", "2022-12-27"}},
		{2023, []string{"2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29", "2023-08-28", "2023-12-25", "2023-12-26"}},
		{2025, []string{"2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"}},
		{2026, []string{"2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"}},
		{2027, []string{"2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"}},
	}
	for _, tt := range tests {
		var got []string
		for _, d := range englandHolidays(tt.year) {
			got = append(got, d.Time().Format(time.DateOnly))
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%d: got %v, want %v", tt.year, got, tt.want)
		}
	}
}

func TestBankingDays(t *testing.T) {
	t.Parallel()
	cal := newCalendar(civil(2025, 12, 1), civil(2026, 1, 31))
	tests := []struct {
		name string
		got  day
		want day
	}{
		{"next after Christmas Eve", cal.addBanking(civil(2025, 12, 24), 1), civil(2025, 12, 29)},
		{"next banking from Saturday", cal.nextBanking(civil(2025, 12, 27)), civil(2025, 12, 29)},
		{"previous banking from Boxing Day", cal.prevBanking(civil(2025, 12, 26)), civil(2025, 12, 24)},
		{"three banking days after New Year's Eve", cal.addBanking(civil(2025, 12, 31), 3), civil(2026, 1, 6)},
		{"31st clamps to February's end", cal.inMonth(civil(2026, 2, 10), 31), civil(2026, 2, 28)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, tt.got.Time().Format(time.DateOnly), tt.want.Time().Format(time.DateOnly))
		}
	}
}
