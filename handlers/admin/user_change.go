package admin

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/store"
	"openbank/views"
)

// UserCreate is POST /admin/users, through the registry's rules.
func (h *Handler) UserCreate(c *gin.Context) {
	username, admin := strings.TrimSpace(c.PostForm("username")), c.PostForm("admin") == "1"
	err := h.registry.CreateUser(c.Request.Context(), username, c.PostForm("password"), admin)
	if h.userRefused(c, err) {
		return
	}
	if err := h.record(c, "user.create", "user/"+username, nil, console.UserRecord{Username: username, Admin: admin}); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/users", "User "+username+" created.")
}

// UserPassword is POST /admin/users/:name/password: a new password, which
// ends the user's sign-ins and revokes their grants.
func (h *Handler) UserPassword(c *gin.Context) {
	name := c.Param("name")
	err := h.registry.SetUserPassword(c.Request.Context(), name, c.PostForm("password"))
	if h.userRefused(c, err) {
		return
	}
	if err := h.record(c, "user.password", "user/"+name, nil, nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/users", "Password of "+name+" reset; their sessions and grants are revoked.")
}

// UserAdmin is POST /admin/users/:name/admin: the admin flag on or off.
func (h *Handler) UserAdmin(c *gin.Context) {
	ctx, name, admin := c.Request.Context(), c.Param("name"), c.PostForm("admin") == "1"
	err := h.console.SetAdmin(ctx, adminOf(ctx).Username, name, admin)
	if h.userRefused(c, err) {
		return
	}
	if err := h.record(c, "user.admin", "user/"+name, console.UserRecord{Username: name, Admin: !admin},
		console.UserRecord{Username: name, Admin: admin}); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/users", "Admin flag of "+name+" saved.")
}

// UserDelete is POST /admin/users/:name/delete; an admin cannot delete
// their own account here.
func (h *Handler) UserDelete(c *gin.Context) {
	ctx, name := c.Request.Context(), c.Param("name")
	err := console.ErrOwnAccount
	if name != adminOf(ctx).Username && !h.confirmed(c, "users", views.ConfirmUserDelete(name)) {
		return
	}
	if name != adminOf(ctx).Username {
		err = h.registry.DeleteUser(ctx, name)
	}
	if h.userRefused(c, err) {
		return
	}
	if err := h.record(c, "user.delete", "user/"+name, console.UserRecord{Username: name}, nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/users", "User "+name+" deleted; their sessions and grants are revoked.")
}

// userRefused answers a refused user change on the users page and reports
// whether it did. The oauth package's credential rules answer errors that
// wrap nothing, while store errors always wrap their cause: only the
// former are shown as the operator's input.
func (h *Handler) userRefused(c *gin.Context, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, store.ErrNotFound):
		h.missing(c, "The user")
	case errors.Is(err, store.ErrConflict):
		h.usersPage(c, http.StatusConflict, "A user with this name exists already.")
	case errors.Is(err, console.ErrOwnAccount):
		h.usersPage(c, http.StatusConflict, "You cannot remove your own admin access or account; ask another admin.")
	case errors.Unwrap(err) == nil:
		h.usersPage(c, http.StatusBadRequest, err.Error())
	default:
		h.fail(c, err)
	}
	return true
}
