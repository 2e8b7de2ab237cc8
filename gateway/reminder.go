package gateway

import (
	"github.com/google/uuid"

	"openbank/store"
)

// NewReminder is a reminder as a caller asked for it, absent fields nil.
type NewReminder struct {
	Relevance         *int32
	SelectableTextIdx *int32
}

// Reminder validates the request into a new reminder of showcase with a
// generated, time-ordered identifier.
func (in NewReminder) Reminder(showcase string) (store.Reminder, error) {
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

// ReminderChange is a change to a reminder: the fields present replace the
// current ones.
type ReminderChange struct {
	Relevance         *int32
	SelectableTextIdx *int32
}

// Check validates the patch.
func (in ReminderChange) Check() error {
	if in.Relevance == nil && in.SelectableTextIdx == nil {
		return invalid("body", "must set relevance, selectableTextIdx or both")
	}
	if in.SelectableTextIdx != nil && *in.SelectableTextIdx < 0 {
		return invalid("selectableTextIdx", "must be an index of GET /reminder-texts")
	}
	return nil
}

// Apply returns cur with the fields of the patch.
func (in ReminderChange) Apply(cur store.Reminder) store.Reminder {
	if in.Relevance != nil {
		cur.Relevance = *in.Relevance
	}
	if in.SelectableTextIdx != nil {
		cur.TextIdx = *in.SelectableTextIdx
	}
	return cur
}

// ReminderSearch narrows a reminder list; absent fields do not filter.
type ReminderSearch struct {
	Relevance  *int32
	TextFilter *string
}

// Filter validates the search into a store filter.
func (in ReminderSearch) Filter() (store.ReminderFilter, error) {
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
