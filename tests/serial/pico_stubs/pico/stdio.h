#ifndef STUB_PICO_STDIO_H
#define STUB_PICO_STDIO_H
typedef struct stdio_driver stdio_driver_t;
#endif
