#ifndef STUB_PICO_RAND_H
#define STUB_PICO_RAND_H
#include <stdint.h>
uint32_t get_rand_32(void);
#endif
