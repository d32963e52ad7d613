/* analyzer.c — placeholder for the libclang uniformity analyzer (see
 * analyzer.h): it reports itself unavailable so no caller pretends. */
#include "analyzer.h"

bool ka_analyzer_available(void)
{
	return false;
}
