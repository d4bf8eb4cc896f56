#ifndef STUB_PICO_STDIO_USB_H
#define STUB_PICO_STDIO_USB_H
#include <stdbool.h>
#include "pico/stdio.h"
extern stdio_driver_t stdio_usb;
bool stdio_usb_init(void);
bool stdio_usb_connected(void);
#endif
