#ifndef STUB_HARDWARE_GPIO_H
#define STUB_HARDWARE_GPIO_H
#include <stdbool.h>
typedef unsigned int uint;
#define GPIO_OUT 1
#define GPIO_IN 0
void gpio_init(uint gpio);
void gpio_set_dir(uint gpio, bool out);
void gpio_put(uint gpio, bool value);
bool gpio_get(uint gpio);
void gpio_pull_up(uint gpio);
void gpio_pull_down(uint gpio);
#endif
