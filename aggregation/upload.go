package aggregation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"openbank/store"
)

// ErrUploadConflict is matched by the refusals of an upload that the data
// already stored forbids (a connection of a bank or of another subject, an
// account kept in another currency).
var ErrUploadConflict = errors.New("the upload does not fit the stored connection")

// errNothingToFetch answers a refetch of an uploaded connection: a 409 like
// a consent that does not allow fetching, with its own explanation.
type errNothingToFetch struct{}

func (errNothingToFetch) Error() string {
	return "an uploaded connection has no bank to fetch from; upload again to add data"
}

func (errNothingToFetch) Is(target error) bool { return target == ErrConsentNotOK }

// ErrNothingToFetch is the refusal of a refetch of an uploaded connection;
// it matches ErrConsentNotOK.
var ErrNothingToFetch error = errNothingToFetch{}

// Upload stores data from elsewhere: a new connection of provider upload
// (or, with ConnectionID, one of the client's upload connections of the
// same subject), its accounts and their transactions, in one database
// transaction. Rows already stored are recognised by their digest and
// counted as duplicates.
func (s *Service) Upload(ctx context.Context, req UploadRequest) (*Uploaded, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	categories, err := s.categorise(ctx, &req)
	if err != nil {
		return nil, err
	}
	var quotas Quotas // read before the transaction: inside, it would ask the pool for a second connection
	if req.ConnectionID == 0 {
		if quotas, err = s.QuotasOf(ctx, req.ClientID); err != nil {
			return nil, err
		}
	}
	now := s.now()
	out := &Uploaded{Accounts: make([]UploadedAccount, len(req.Accounts))}
	var connectionID int64
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if connectionID, err = s.uploadTarget(ctx, tx, &req, quotas, now); err != nil {
			return err
		}
		for i := range req.Accounts {
			var cats []Category
			if categories != nil {
				cats = categories[i]
			}
			if out.Accounts[i], err = saveUploadAccount(ctx, tx, connectionID, &req.Accounts[i], cats, now); err != nil {
				return err
			}
			out.Added += out.Accounts[i].Added
			out.Duplicates += out.Accounts[i].Duplicates
		}
		return tx.MarkUploaded(ctx, connectionID, now)
	})
	if err != nil {
		return nil, err
	}
	out.Connection, err = s.Store.Connection(ctx, req.ClientID, connectionID)
	return out, err
}

// uploadTarget creates the upload's connection within the client's quotas
// q, or locks the one it names
// after checking that it is an upload connection of the same subject.
func (s *Service) uploadTarget(ctx context.Context, tx *store.Tx, req *UploadRequest, q Quotas, now time.Time) (int64, error) {
	if req.ConnectionID == 0 {
		fields, err := encodeFields(nil)
		if err != nil {
			return 0, err
		}
		if err := checkQuotas(ctx, tx, q, req.ClientID, req.SubjectID); err != nil {
			return 0, err
		}
		c := &store.Connection{ClientID: req.ClientID, SubjectID: req.SubjectID, Provider: UploadProvider,
			Access: OneTime, CallbackFields: fields, RequestID: req.RequestID, GroupID: nullString(req.GroupID)}
		err = tx.InsertUploadConnection(ctx, c, req.Kind, now)
		return c.ID, err
	}
	t, err := tx.LockUploadTarget(ctx, req.ClientID, req.ConnectionID)
	if err != nil {
		return 0, err
	}
	id := fmt.Sprint(req.ConnectionID)
	switch {
	case t.Provider != UploadProvider:
		return 0, uploadConflict("connectionId", "connection "+id+" is linked to a bank, not uploaded; leave connectionId out to create an upload connection")
	case t.SubjectID != req.SubjectID:
		return 0, uploadConflict("connectionId", "connection "+id+" belongs to another subject")
	case t.SubjectKind.Valid && t.SubjectKind.String != req.Kind:
		return 0, uploadConflict("kind", "connection "+id+" holds data of a "+t.SubjectKind.String)
	}
	return req.ConnectionID, nil
}

func uploadConflict(field, problem string) error {
	return &FieldError{Field: field, Problem: problem, err: ErrUploadConflict}
}
