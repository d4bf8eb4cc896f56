#ifndef STUB_PICO_STDIO_DRIVER_H
#define STUB_PICO_STDIO_DRIVER_H
#include <stdbool.h>
#include "pico/stdio.h"
struct stdio_driver {
    void (*out_chars)(const char *buf, int len);
    void (*out_flush)(void);
    int (*in_chars)(char *buf, int len);
    void (*set_chars_available_callback)(void (*fn)(void *), void *param);
    stdio_driver_t *next;
    bool last_ended_with_cr;
    bool crlf_enabled;
};
#endif
