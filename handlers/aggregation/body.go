package aggregation

import (
	"github.com/gin-gonic/gin"

	"openbank/handlers/jsonbody"
)

// readBody reads a request body of at most limit bytes; beyond that it
// answers 413, through the one body reader of the APIs.
func readBody(c *gin.Context, limit int64) ([]byte, bool) { return jsonbody.ReadBytes(c, limit) }
