/* devices.c — the named-GPU table (devices.def): SM counts for the
 * minimum grid that fills a device. */
#include "occupancy.h"

#include <stddef.h>
#include <strings.h>

const struct ka_device ka_devices[] = {
#define KA_DEVICE(n, a, s) {n, a, s},
#include "devices.def"
#undef KA_DEVICE
};
const int ka_device_count = (int)(sizeof(ka_devices) / sizeof(ka_devices[0]));

const struct ka_device *ka_device_find(const char *name)
{
	for (int i = 0; i < ka_device_count; i++)
		if (strcasecmp(ka_devices[i].name, name) == 0)
			return &ka_devices[i];
	return NULL;
}
