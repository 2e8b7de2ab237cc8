package admin

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/gateway"
	"openbank/views"
)

// localLayout is the value of a datetime-local field, read as UTC.
const localLayout = "2006-01-02T15:04:05"

// ShowcaseNew is GET /admin/showcases/new: the create form.
func (h *Handler) ShowcaseNew(c *gin.Context) {
	h.render(c, http.StatusOK, views.AdminShowcaseNewPage(views.AdminShowcaseForm{AdminPage: h.adminPage(c, "New showcase", "showcases")}))
}

// ShowcaseCreate is POST /admin/showcases: a showcase for any owner,
// through the gateway's own rules and the owner's limit.
func (h *Handler) ShowcaseCreate(c *gin.Context) {
	form := views.AdminShowcaseForm{AdminPage: h.adminPage(c, "New showcase", "showcases"),
		Owner: strings.TrimSpace(c.PostForm("owner")), Name: strings.TrimSpace(c.PostForm("name")),
		ValidFrom: c.PostForm("validFrom"), ValidTo: c.PostForm("validTo")}
	in := gateway.NewShowcase{ValidFrom: formTime(form.ValidFrom), ValidTo: formTime(form.ValidTo)}
	if form.Name != "" {
		in.Name = &form.Name
	}
	if form.Owner == "" {
		form.Problem = "owner is required."
		h.render(c, http.StatusBadRequest, views.AdminShowcaseNewPage(form))
		return
	}
	sc, err := h.gateway.CreateShowcase(c.Request.Context(), console.OwnerViewer(form.Owner), in)
	if status, msg, ok := problem(err); ok {
		form.Problem = msg
		h.render(c, status, views.AdminShowcaseNewPage(form))
		return
	} else if err != nil {
		h.fail(c, err)
		return
	}
	if err := h.record(c, "showcase.create", "showcase/"+sc.Name, nil, console.ShowcaseOf(sc)); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/showcases/"+sc.Name, "Showcase "+sc.Name+" created for "+sc.Owner+".")
}

// formTime turns a datetime-local value (UTC) into the RFC 3339 the
// gateway reads; an empty field is absent and anything else goes to the
// gateway as typed, whose answer names the field.
func formTime(v string) *string {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	for _, layout := range []string{localLayout, "2006-01-02T15:04"} {
		if t, err := time.Parse(layout, v); err == nil {
			s := t.UTC().Format(time.RFC3339)
			return &s
		}
	}
	return &v
}
