package gateway

import (
	"github.com/google/uuid"

	"openbank/store"
)

// CreateReminder is the body of POST /showcases/{showcase}/reminders.
type CreateReminder struct {
	Relevance         *int32 `json:"relevance"`
	SelectableTextIdx *int32 `json:"selectableTextIdx"`
}

// Reminder validates the body into a new reminder of showcase with a
// generated, time-ordered identifier.
func (in CreateReminder) Reminder(showcase string) (store.Reminder, error) {
	if in.Relevance == nil {
		return store.Reminder{}, invalid("relevance", "is required")
	}
	if in.SelectableTextIdx == nil {
		return store.Reminder{}, invalid("selectableTextIdx", "is required")
	}
	if *in.SelectableTextIdx < 0 {
		return store.Reminder{}, invalid("selectableTextIdx", "must be an index of GET /reminder-texts")
	}
	id, err := uuid.NewV7()
	if err != nil {
		return store.Reminder{}, err
	}
	return store.Reminder{Showcase: showcase, Identifier: id.String(),
		Relevance: *in.Relevance, TextIdx: *in.SelectableTextIdx}, nil
}

// PatchReminder is the body of PATCH …/reminders/{identifier}: the fields
// present replace the current ones.
type PatchReminder struct {
	Relevance         *int32 `json:"relevance"`
	SelectableTextIdx *int32 `json:"selectableTextIdx"`
}

// Check validates the patch.
func (in PatchReminder) Check() error {
	if in.Relevance == nil && in.SelectableTextIdx == nil {
		return invalid("body", "must set relevance, selectableTextIdx or both")
	}
	if in.SelectableTextIdx != nil && *in.SelectableTextIdx < 0 {
		return invalid("selectableTextIdx", "must be an index of GET /reminder-texts")
	}
	return nil
}

// Apply returns cur with the fields of the patch.
func (in PatchReminder) Apply(cur store.Reminder) store.Reminder {
	if in.Relevance != nil {
		cur.Relevance = *in.Relevance
	}
	if in.SelectableTextIdx != nil {
		cur.TextIdx = *in.SelectableTextIdx
	}
	return cur
}

// SearchReminder is the body of POST …/reminders/search; absent fields do
// not filter.
type SearchReminder struct {
	Relevance  *int32  `json:"relevance"`
	TextFilter *string `json:"textFilter"`
}

// Filter validates the search into a store filter.
func (in SearchReminder) Filter() (store.ReminderFilter, error) {
	text, err := checkFilter("textFilter", in.TextFilter)
	return store.ReminderFilter{Relevance: in.Relevance, TextContains: text}, err
}

// ValidIdentifier reports whether id could identify a reminder, and its
// canonical form.
func ValidIdentifier(id string) (string, bool) {
	u, err := uuid.Parse(id)
	if err != nil || len(id) != 36 {
		return "", false
	}
	return u.String(), true
}
