package gateway

import (
	"errors"
	"testing"

	"openbank/store"
)

func TestAuthorize(t *testing.T) {
	t.Parallel()
	owner := store.Viewer{Subject: "alice", Username: "alice"}
	grantee := store.Viewer{Subject: "bob", Username: "bob"}
	client := store.Viewer{Subject: "client:x"}
	ro := store.Showcase{Owner: "alice", Grant: LevelReadOnly}
	fa := store.Showcase{Owner: "alice", Grant: LevelFullAccess}
	none := store.Showcase{Owner: "alice"}
	actions := []Action{ShowcaseRead, ShowcasePatch, ShowcaseDelete, RemindersWrite, ConsentsManage}
	tests := []struct {
		name string
		v    store.Viewer
		s    store.Showcase
		want [5]error
	}{
		{"owner", owner, none, [5]error{nil, nil, nil, nil, nil}},
		{"read only", grantee, ro, [5]error{nil, ErrForbidden, ErrForbidden, ErrForbidden, ErrForbidden}},
		{"full access", grantee, fa, [5]error{nil, nil, ErrForbidden, nil, ErrForbidden}},
		{"stranger", grantee, none, [5]error{ErrHidden, ErrHidden, ErrHidden, ErrHidden, ErrHidden}},
		{"client", client, none, [5]error{ErrHidden, ErrHidden, ErrHidden, ErrHidden, ErrHidden}},
	}
	for _, tt := range tests {
		for i, a := range actions {
			if err := Authorize(tt.v, tt.s, a); !errors.Is(err, tt.want[i]) || (err == nil) != (tt.want[i] == nil) {
				t.Errorf("%s, action %d: got %v, want %v", tt.name, a, err, tt.want[i])
			}
		}
	}
}
