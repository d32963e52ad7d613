/* analyzer.h — source uniformity analysis with libclang (DESIGN §6).
 *
 * NOT BUILT YET: this library is a placeholder so the layout and the data
 * flow are in place.  It analyses nothing; the report says "uniformity":
 * null and the text report says the analysis is not available.  The real
 * analyzer (lattice, dataflow, findings KA101–KA108) is tracked as its own
 * issue. */
#ifndef KANALYZE_ANALYZER_H
#define KANALYZE_ANALYZER_H

#include <stdbool.h>

/* false until the libclang analyzer exists: callers report "not available". */
bool ka_analyzer_available(void);

#endif
