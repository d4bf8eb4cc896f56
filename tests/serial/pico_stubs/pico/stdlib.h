/* Stub of pico/stdlib.h (declarations only, pico-sdk 1.5 signatures). */
#ifndef STUB_PICO_STDLIB_H
#define STUB_PICO_STDLIB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
typedef unsigned int uint;
typedef uint64_t absolute_time_t;
#define __not_in_flash_func(f) f
#define __force_inline inline __attribute__((always_inline))
static inline void tight_loop_contents(void) {}
uint32_t time_us_32(void);
void sleep_us(uint64_t us);
absolute_time_t get_absolute_time(void);
uint32_t to_ms_since_boot(absolute_time_t t);
#include "hardware/gpio.h"
#endif
