package gateway

import (
	"context"

	"openbank/store"
)

// CreateReminder validates in and adds it to a showcase v may write the
// reminders of, unless the showcase holds the maximum (store.ErrLimit).
func (s *Service) CreateReminder(ctx context.Context, v store.Viewer, showcase string, in NewReminder) (store.Reminder, error) {
	r, err := in.Reminder(showcase)
	if err != nil {
		return store.Reminder{}, err
	}
	rules := store.ReminderRules{Limit: s.Limits.RemindersPerShowcase, WriteLevel: LevelFullAccess, Gate: Gate(v, RemindersWrite)}
	return s.Store.CreateReminder(ctx, r, v, rules)
}

// Reminder returns one reminder of a showcase v may read.
func (s *Service) Reminder(ctx context.Context, v store.Viewer, showcase, identifier string) (store.Reminder, error) {
	if _, err := s.Showcase(ctx, v, showcase, ShowcaseRead); err != nil {
		return store.Reminder{}, err
	}
	return s.Store.GetReminder(ctx, showcase, identifier)
}

// PatchReminder validates in and applies it to a reminder of a showcase v
// may write the reminders of.
func (s *Service) PatchReminder(ctx context.Context, v store.Viewer, showcase, identifier string, in ReminderChange) (store.Reminder, error) {
	if err := in.Check(); err != nil {
		return store.Reminder{}, err
	}
	return s.Store.UpdateReminder(ctx, showcase, identifier, v, Gate(v, RemindersWrite), in.Apply)
}

// DeleteReminder removes a reminder of a showcase v may write the
// reminders of.
func (s *Service) DeleteReminder(ctx context.Context, v store.Viewer, showcase, identifier string) error {
	return s.Store.DeleteReminder(ctx, showcase, identifier, v, Gate(v, RemindersWrite))
}

// ListReminders returns one page of the reminders of a showcase v may read.
func (s *Service) ListReminders(ctx context.Context, v store.Viewer, showcase string, p store.Page) (store.PageOf[store.Reminder], error) {
	if _, err := s.Showcase(ctx, v, showcase, ShowcaseRead); err != nil {
		return store.PageOf[store.Reminder]{}, err
	}
	return s.Store.ListReminders(ctx, showcase, store.ReminderFilter{}, p)
}

// SearchReminders validates in and returns one page of the reminders it
// keeps of a showcase v may read.
func (s *Service) SearchReminders(ctx context.Context, v store.Viewer, showcase string, in ReminderSearch, p store.Page) (store.PageOf[store.Reminder], error) {
	f, err := in.Filter()
	if err != nil {
		return store.PageOf[store.Reminder]{}, err
	}
	if _, err := s.Showcase(ctx, v, showcase, ShowcaseRead); err != nil {
		return store.PageOf[store.Reminder]{}, err
	}
	return s.Store.ListReminders(ctx, showcase, f, p)
}
