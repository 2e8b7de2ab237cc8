package aggregation

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/handlers/caller"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
)

// Page is a page of a paged list, as the gateway's pages.
type Page[T any] struct {
	Content          []T   `json:"content"`
	NumberOfElements int   `json:"numberOfElements"`
	Page             int   `json:"page"`
	Size             int   `json:"size"`
	TotalElements    int64 `json:"totalElements"`
	TotalPages       int   `json:"totalPages"`
}

// GetConnection answers one connection with its consent and fetch times.
func (h *Handler) GetConnection(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	conn, err := h.Service.Connection(c.Request.Context(), who.ClientID, id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, connectionOf(conn))
}

// ListConnections pages the client's connections, optionally of one subject.
func (h *Handler) ListConnections(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	page, size, ok := paging(c)
	if !ok {
		return
	}
	subject := c.Query("subjectId")
	if subject != "" && !jsonbody.SubjectPattern.MatchString(subject) {
		fault.Abort(c, fault.Validation("subjectId", "must be up to 64 characters A-Z a-z 0-9 . _ : @ -"))
		return
	}
	list, total, err := h.Service.Connections(c.Request.Context(), who.ClientID, subject, page, size)
	if err != nil {
		fail(c, err)
		return
	}
	out := Page[Connection]{Content: make([]Connection, len(list)), NumberOfElements: len(list), Page: page,
		Size: size, TotalElements: total, TotalPages: int((total + int64(size) - 1) / int64(size))}
	for i := range list {
		out.Content[i] = connectionOf(&list[i])
	}
	c.JSON(http.StatusOK, out)
}

// paging reads page (default 0) and size (default 20, at most 100).
func paging(c *gin.Context) (int, int, bool) {
	page, ok := intQuery(c, "page", 0, 0, 1_000_000)
	if !ok {
		return 0, 0, false
	}
	size, ok := intQuery(c, "size", 20, 1, 100)
	return page, size, ok
}

func intQuery(c *gin.Context, name string, def, lo, hi int) (int, bool) {
	raw, present := c.GetQuery(name)
	if !present {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		fault.Abort(c, fault.Validation(name, "must be an integer from "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi)))
		return 0, false
	}
	return n, true
}

// DeleteConnection removes a connection and all its data.
func (h *Handler) DeleteConnection(c *gin.Context) {
	who, ok := caller.Of(c)
	if !ok {
		return
	}
	id, ok := pathID(c, "connectionId")
	if !ok {
		return
	}
	if err := h.Service.DeleteConnection(c.Request.Context(), who.ClientID, id); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
