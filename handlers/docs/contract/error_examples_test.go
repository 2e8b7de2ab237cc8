package contract

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"openbank/handlers/docs"
)

// TestErrorExamplesFitTheirStatus checks that every error answer of every
// operation shows an example of its own, whose fault.code belongs to its
// status (4090 or 4091 under 409; a 410 names a gone result with 4040), so
// that the reference never shows a 404 under a 400 or a 500.
func TestErrorExamplesFitTheirStatus(t *testing.T) {
	codeOf := map[int]int{410: 404} // the status a fault.code names, where it is not the answer's
	for _, name := range docs.Documents {
		t.Run(name, func(t *testing.T) {
			doc := loadDocument(t, name)
			for path, item := range doc.Paths.Map() {
				for method, op := range item.Operations() {
					seen := map[string]string{}
					for status, ref := range op.Responses.Map() {
						code, err := strconv.Atoi(status)
						if err != nil || code < 400 {
							continue
						}
						where := fmt.Sprintf("%s %s %s", method, path, status)
						media := ref.Value.Content.Get("application/json")
						if media == nil || media.Example == nil {
							t.Errorf("%s: no example", where)
							continue
						}
						raw, _ := json.Marshal(media.Example)
						var ex struct{ Fault struct{ Code int } }
						if err := json.Unmarshal(raw, &ex); err != nil {
							t.Errorf("%s: the example is no ErrorResponse: %s", where, raw)
							continue
						}
						want := code
						if c, ok := codeOf[code]; ok {
							want = c
						}
						if ex.Fault.Code/10 != want {
							t.Errorf("%s: the example's fault.code is %d", where, ex.Fault.Code)
						}
						if other, ok := seen[string(raw)]; ok {
							t.Errorf("%s shows the example of %s", where, other)
						}
						seen[string(raw)] = status
					}
				}
			}
		})
	}
}
