package console

import (
	"context"
	"strings"

	"openbank/gateway"
	"openbank/store"
)

// maxTextLength bounds a reminder text of the catalogue.
const maxTextLength = 500

// AddText appends a text to the reminder-text catalogue; the gateway's
// selectableTextIdx reaches it at once.
func (s *Service) AddText(ctx context.Context, text string) (store.ReminderText, error) {
	text, err := checkText(text)
	if err != nil {
		return store.ReminderText{}, err
	}
	return s.Store.AddReminderText(ctx, text)
}

// ChangeText rewords the catalogue's text at idx; existing reminders keep
// the words they were created with.
func (s *Service) ChangeText(ctx context.Context, idx int32, text string) error {
	text, err := checkText(text)
	if err != nil {
		return err
	}
	return s.Store.SetReminderText(ctx, idx, text)
}

func checkText(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > maxTextLength {
		return "", &gateway.FieldError{Field: "text", Problem: "must have 1 to 500 characters"}
	}
	return text, nil
}
