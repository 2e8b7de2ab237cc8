package main

import (
	"flag"

	"openbank/store"
)

// quotaFlags are the --max-… flags of client create and update: a
// client's own aggregation quotas. A flag not given keeps its unset value
// and changes nothing (-1 on update); 0 is the server's default.
type quotaFlags struct {
	subjectConnections, subjectWidgets, connections *int
	unset                                           int
}

func quotaFlagsOf(fs *flag.FlagSet, unset int, suffix string) quotaFlags {
	return quotaFlags{unset: unset,
		subjectConnections: fs.Int("max-connections-per-subject", unset,
			"connections one subject of this client may hold; 0: AGGREGATION_MAX_CONNECTIONS_PER_SUBJECT"+suffix),
		subjectWidgets: fs.Int("max-open-widgets-per-subject", unset,
			"open widget links one subject of this client may have; 0: AGGREGATION_MAX_OPEN_WIDGETS_PER_SUBJECT"+suffix),
		connections: fs.Int("max-connections", unset,
			"connections this client may hold in all; 0: AGGREGATION_MAX_CONNECTIONS_PER_CLIENT"+suffix),
	}
}

// apply sets on q the quotas given; the registry's validation refuses a
// negative one with its reason.
func (f quotaFlags) apply(q *store.ClientQuotas) {
	for _, v := range []struct {
		dst *int
		n   int
	}{{&q.MaxSubjectConnections, *f.subjectConnections}, {&q.MaxSubjectWidgets, *f.subjectWidgets},
		{&q.MaxConnections, *f.connections}} {
		if v.n != f.unset {
			*v.dst = v.n
		}
	}
}
