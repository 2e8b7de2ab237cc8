package admin

import (
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// UserList is GET /admin/users: users by name, paged by keyset, with the
// live refresh-token families.
func (h *Handler) UserList(c *gin.Context) {
	h.usersPage(c, http.StatusOK, "")
}

// usersPage renders the users page with a problem, if any.
func (h *Handler) usersPage(c *gin.Context, status int, problem string) {
	ctx := c.Request.Context()
	users, more, err := h.console.Users(ctx, c.Query("after"))
	if err != nil {
		h.fail(c, err)
		return
	}
	fams, err := h.console.Families(ctx, c.Query("username"), "")
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.AdminUsersView{AdminPage: h.adminPage(c, "Users", "users"), Families: familyRows(fams)}
	v.Problem = problem
	for _, u := range users {
		v.Rows = append(v.Rows, views.AdminUserRow{Username: u.Username, Admin: u.Admin, Created: u.CreatedAt.UTC().Format(timeLayout)})
	}
	if more {
		v.Next = "/admin/users?" + url.Values{"after": {users[len(users)-1].Username}}.Encode()
	}
	h.render(c, status, views.AdminUsersPage(v))
}
