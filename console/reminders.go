package console

import "openbank/store"

// ReminderRecord is a reminder as the audit log keeps it.
type ReminderRecord struct {
	Showcase   string `json:"showcase"`
	Identifier string `json:"identifier"`
	Relevance  int32  `json:"relevance"`
	TextIdx    int32  `json:"selectableTextIdx"`
	Text       string `json:"text"`
}

// ReminderOf is the audit record of r.
func ReminderOf(r store.Reminder) ReminderRecord {
	return ReminderRecord{Showcase: r.Showcase, Identifier: r.Identifier, Relevance: r.Relevance, TextIdx: r.TextIdx, Text: r.Text}
}

// ReminderTarget is the audit target of a showcase's reminder; searching
// the log for the showcase's name finds it.
func ReminderTarget(showcase, identifier string) string {
	return "showcase/" + showcase + "/reminders/" + identifier
}
