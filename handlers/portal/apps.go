package portal

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/page"
	"openbank/portal"
	"openbank/store"
	"openbank/views"
)

const dateTime = "2006-01-02 15:04"

// Home is GET /portal/: the developer's applications and requests.
func (h *Handler) Home(c *gin.Context) {
	ctx := c.Request.Context()
	d := developerOf(ctx)
	apps, err := h.service.Apps(ctx, d)
	if err != nil {
		h.fail(c, err)
		return
	}
	reqs, err := h.service.RequestsOf(ctx, d)
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.PortalHomeView{PortalPage: h.portalPage(c, "Your applications"), Sources: h.service.Sources,
		Requests: requestRows(reqs)}
	for _, a := range apps {
		v.Apps = append(v.Apps, views.PortalAppRow{ID: a.ClientID, Name: a.Name, Environment: a.Environment,
			Products: strings.Join(a.Products, ", ")})
	}
	page.Render(c, http.StatusOK, views.PortalHomePage(v))
}

// AppNew is GET /portal/apps/new.
func (h *Handler) AppNew(c *gin.Context) {
	h.appPage(c, http.StatusOK, views.PortalAppForm{New: true, Environment: "test"}, "New test application")
}

// AppCreate is POST /portal/apps: a test application, its secret shown once.
func (h *Handler) AppCreate(c *gin.Context) {
	ctx := c.Request.Context()
	spec, f := postedApp(c)
	f.New = true
	cl, secret, err := h.service.CreateApp(ctx, developerOf(ctx), spec)
	if err != nil {
		h.refused(c, f, "New test application", err)
		return
	}
	h.secret(c, http.StatusCreated, cl.ClientID, secret, cl.Environment, "Your test credentials")
}

// App is GET /portal/apps/:id.
func (h *Handler) App(c *gin.Context) {
	ctx := c.Request.Context()
	app, err := h.service.App(ctx, developerOf(ctx), c.Param("id"))
	if err != nil {
		h.missing(c, err)
		return
	}
	f := formOf(app)
	act, err := h.service.Activity(ctx, developerOf(ctx), app.Client.ClientID)
	if err != nil {
		h.fail(c, err)
		return
	}
	for _, cb := range act.Callbacks {
		f.Callbacks = append(f.Callbacks, views.PortalCallbackRow{Created: cb.CreatedAt.UTC().Format(dateTime), Event: cb.Event,
			URL: cb.URL, Status: cb.Status, Attempts: strconv.Itoa(cb.Attempts)})
	}
	for _, e := range act.Errors {
		f.Errors = append(f.Errors, views.PortalErrorRow{At: e.At.UTC().Format(dateTime), Method: e.Method, Path: e.Path,
			Status: strconv.Itoa(e.Status), Body: string(e.Body)})
	}
	h.appPage(c, http.StatusOK, f, app.Client.Name)
}

// AppUpdate is POST /portal/apps/:id.
func (h *Handler) AppUpdate(c *gin.Context) {
	ctx := c.Request.Context()
	app, err := h.service.App(ctx, developerOf(ctx), c.Param("id"))
	if err != nil {
		h.missing(c, err)
		return
	}
	spec, f := postedApp(c)
	f.ClientID, f.Environment, f.Products = app.Client.ClientID, app.Client.Environment, strings.Join(app.Client.Products, ", ")
	f.HasTokenSecret = len(app.Security.TokenSecret) > 0
	if _, err := h.service.UpdateApp(ctx, developerOf(ctx), app.Client.ClientID, spec); err != nil {
		h.refused(c, f, app.Client.Name, err)
		return
	}
	c.Redirect(http.StatusSeeOther, "/portal/apps/"+app.Client.ClientID)
}

// AppRotate is POST /portal/apps/:id/rotate: a new secret, shown once.
func (h *Handler) AppRotate(c *gin.Context) {
	ctx := c.Request.Context()
	app, err := h.service.App(ctx, developerOf(ctx), c.Param("id"))
	if err != nil {
		h.missing(c, err)
		return
	}
	secret, err := h.service.RotateSecret(ctx, developerOf(ctx), app.Client.ClientID)
	if err != nil {
		h.fail(c, err)
		return
	}
	h.secret(c, http.StatusOK, app.Client.ClientID, secret, app.Client.Environment, "Your new secret")
}

// AppDelete is POST /portal/apps/:id/delete; without confirm=yes nothing changes.
func (h *Handler) AppDelete(c *gin.Context) {
	ctx := c.Request.Context()
	if c.PostForm("confirm") != "yes" {
		c.Redirect(http.StatusSeeOther, "/portal/apps/"+c.Param("id"))
		return
	}
	if err := h.service.DeleteApp(ctx, developerOf(ctx), c.Param("id")); err != nil {
		h.missing(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, "/portal/")
}

// ProductionRequest is POST /portal/apps/:id/production.
func (h *Handler) ProductionRequest(c *gin.Context) {
	ctx := c.Request.Context()
	_, err := h.service.RequestProduction(ctx, developerOf(ctx), c.Param("id"), c.PostFormArray("product"), c.PostForm("note"))
	if errors.Is(err, portal.ErrNotApplication) {
		h.missing(c, err)
		return
	}
	if err != nil {
		app, aerr := h.service.App(ctx, developerOf(ctx), c.Param("id"))
		if aerr != nil {
			h.fail(c, errors.Join(err, aerr))
			return
		}
		h.refused(c, formOf(app), app.Client.Name, err)
		return
	}
	c.Redirect(http.StatusSeeOther, "/portal/")
}

// ProductionSecret is POST /portal/requests/:id/secret: the production
// credentials of an approved request, shown once.
func (h *Handler) ProductionSecret(c *gin.Context) {
	ctx := c.Request.Context()
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	clientID, secret, err := h.service.IssueSecret(ctx, developerOf(ctx), id)
	switch {
	case errors.Is(err, portal.ErrNotApplication):
		h.missing(c, err)
		return
	case errors.Is(err, portal.ErrSecretIssued):
		h.pages.Error(c, http.StatusConflict, err.Error(), "Open the application and rotate its secret.")
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	h.secret(c, http.StatusOK, clientID, secret, "production", "Your production credentials")
}

// postedApp reads the application form.
func postedApp(c *gin.Context) (portal.AppSpec, views.PortalAppForm) {
	f := views.PortalAppForm{Name: strings.TrimSpace(c.PostForm("name")), RedirectURIs: c.PostForm("redirectUris"),
		ReturnOrigins: c.PostForm("returnOrigins"), CallbackSuccess: strings.TrimSpace(c.PostForm("callbackSuccess")),
		CallbackFailure: strings.TrimSpace(c.PostForm("callbackFailure")), MTLS: c.PostForm("mtls") == "1",
		TokenURL: strings.TrimSpace(c.PostForm("tokenUrl")), TokenClientID: strings.TrimSpace(c.PostForm("tokenClientId")),
		TokenScope: strings.TrimSpace(c.PostForm("tokenScope"))}
	spec := portal.AppSpec{Name: f.Name, RedirectURIs: page.Lines(f.RedirectURIs), ReturnOrigins: page.Lines(f.ReturnOrigins),
		CallbackSuccess: f.CallbackSuccess, CallbackFailure: f.CallbackFailure,
		Security: store.CallbackSecurity{MTLS: f.MTLS, TokenURL: f.TokenURL, TokenClientID: f.TokenClientID, TokenScope: f.TokenScope}}
	if s := c.PostForm("tokenSecret"); s != "" {
		spec.Security.TokenSecret = []byte(s)
	}
	return spec, f
}

// formOf fills the application page from an application.
func formOf(app portal.App) views.PortalAppForm {
	cl, sec := app.Client, app.Security
	return views.PortalAppForm{ClientID: cl.ClientID, Name: cl.Name, Environment: cl.Environment, Products: strings.Join(cl.Products, ", "),
		RedirectURIs: strings.Join(cl.RedirectURIs, "\n"), ReturnOrigins: strings.Join(cl.ReturnOrigins, "\n"),
		CallbackSuccess: cl.CallbackSuccess, CallbackFailure: cl.CallbackFailure, MTLS: sec.MTLS, TokenURL: sec.TokenURL,
		TokenClientID: sec.TokenClientID, TokenScope: sec.TokenScope, HasTokenSecret: len(sec.TokenSecret) > 0,
		Requests: requestRows(app.Requests)}
}

// appPage renders an application's page with the server's settings.
func (h *Handler) appPage(c *gin.Context, status int, f views.PortalAppForm, title string) {
	problem := f.Problem
	f.PortalPage = h.portalPage(c, title)
	f.Problem = problem
	f.Sources, f.MTLSAvailable = h.service.Sources, h.service.Aggregation.MTLSHTTP != nil
	for _, p := range portal.RequestableProducts {
		f.Requestable = append(f.Requestable, views.AdminChoice{Value: p, Checked: slices.Contains(strings.Split(f.Products, ", "), p)})
	}
	page.Render(c, status, views.PortalAppPage(f))
}

// refused shows the form again with the reason of a refusal.
func (h *Handler) refused(c *gin.Context, f views.PortalAppForm, title string, err error) {
	var fe *aggregation.FieldError
	var refusal *portal.Refusal
	if errors.As(err, &fe) || errors.As(err, &refusal) || errors.Is(err, portal.ErrPending) || errors.Is(err, portal.ErrProduction) {
		f.Problem = err.Error()
		h.appPage(c, http.StatusBadRequest, f, title)
		return
	}
	h.fail(c, err)
}

// missing answers an application the developer does not own as 404.
func (h *Handler) missing(c *gin.Context, err error) {
	if errors.Is(err, portal.ErrNotApplication) || errors.Is(err, store.ErrNotFound) {
		h.pages.Error(c, http.StatusNotFound, "Application not found", "It is not one of your applications.")
		return
	}
	h.fail(c, err)
}

// secret shows credentials once.
func (h *Handler) secret(c *gin.Context, status int, clientID, secret, env, title string) {
	page.Render(c, status, views.PortalSecretPage(views.PortalSecretView{PortalPage: h.portalPage(c, title),
		ClientID: clientID, Secret: secret, Environment: env}))
}

func requestRows(rs []store.ProductionRequest) []views.PortalRequestRow {
	out := make([]views.PortalRequestRow, 0, len(rs))
	for _, r := range rs {
		out = append(out, views.PortalRequestRow{ID: strconv.FormatInt(r.ID, 10), App: r.AppName, Products: strings.Join(r.Products, ", "),
			Status: r.Status, Reason: r.Reason, Created: r.CreatedAt.UTC().Format(time.DateOnly),
			ProductionClientID: r.ProductionClientID.String, CanIssue: r.Status == "approved" && !r.SecretIssued})
	}
	return out
}
