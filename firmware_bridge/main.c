/*
 * waage serial bridge firmware for the Raspberry Pi Pico (RP2040), pico-sdk >= 1.5.
 *
 * Reads one HX711 with exact timing and streams every conversion to the host
 * over USB CDC as protocol-v1 frames (shared/docs/serial-protocol.md,
 * firmware_bridge/protocol.h). Wiring and build: firmware_bridge/README.md.
 *
 * HX711 timing (datasheet V2.0): T1 DOUT falling -> SCK rising >= 0.1 us;
 * T2 SCK rising -> DOUT valid <= 0.1 us; T3 SCK high 0.2..50 us; T4 SCK low
 * >= 0.2 us; SCK high > 60 us powers the chip down. 25/26/27 pulses select
 * A/128, B/32, A/64 for the NEXT conversion. Output settling: 4 conversions
 * after power-up or a gain change.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hardware/gpio.h"
#include "hardware/sync.h"
#include "pico/rand.h"
#include "pico/stdio/driver.h"
#include "pico/stdio_usb.h"
#include "pico/stdlib.h"

#include "protocol.h"

#define FW_MAJOR 1
#define FW_MINOR 0
#define FW_PATCH 0

/* Pins (GP numbers). See README.md for the wiring table. */
#define PIN_DOUT 2 /* HX711 DOUT (DT), input with pull-up: unplugged reads "not ready" */
#define PIN_SCK 3  /* HX711 PD_SCK (SCK) */
#define PIN_RATE 4 /* optional: HX711 RATE net; high = 80 SPS, low/unwired (pull-down) = 10 SPS */

/* Timing constants, units in the names. */
#define SCK_HIGH_US 1u            /* T3: datasheet 0.2..50 us; 1 us typ */
#define SCK_LOW_US 1u             /* T4: datasheet >= 0.2 us */
#define SCK_HIGH_MAX_US 50u       /* T3 max: above this the bit is suspect */
#define SCK_POWERDOWN_US 60u      /* above this the chip has powered down mid-word */
#define POWERDOWN_HOLD_US 100u    /* SCK high this long to power the chip down (> 60 us) */
#define NOT_READY_FAULT_MS 500u   /* FAULT 1 when DOUT has not gone low for this long */
#define FAULT_REPEAT_MS 5000u     /* repeat an ongoing FAULT 1 this often */
#define HELLO_INTERVAL_MS 5000u   /* heartbeat */
#define SETTLE_CONVERSIONS 4u     /* datasheet output settling: 4 conversion periods */
#define OVERRUN_FAULT_RUN 3u      /* consecutive overrun reads before FAULT 2 */
#define RATE_MEASURE_READS 8u     /* conversions averaged to measure the real rate */
#define RATE_80_MAX_PERIOD_MS 40u /* measured period below this means RATE = 80 SPS */

typedef struct {
    int32_t raw;
    uint32_t max_high_us;
    bool dout_released; /* DOUT went high after the last pulse, as the datasheet says it must */
} hx_read_t;

static uint32_t g_boot_id;
static uint8_t g_rate_sps = 10;
static uint8_t g_gain = 128;
static uint8_t g_pulses = 25; /* 25: A/128, 26: B/32, 27: A/64 */
static bool g_powered = true;
static uint32_t g_seq;
static uint32_t g_settle_left = SETTLE_CONVERSIONS;
static uint32_t g_overrun_run;
static uint32_t g_overrun_total;
static uint32_t g_last_ready_ms;
static uint32_t g_last_not_ready_fault_ms;
static bool g_not_ready_reported;
static uint32_t g_last_hello_ms;
static uint32_t g_rate_reads;
static uint32_t g_rate_first_ms;
static wb_decoder_t g_dec;

/* ------------------------------------------------------------------ USB I/O */

/* Binary-safe write: the stdio_usb driver directly, bypassing stdio's CR/LF translation. */
static void send_bytes(const uint8_t *buf, size_t n)
{
    if (n) {
        stdio_usb.out_chars((const char *)buf, (int)n);
    }
}

static void send_hello(uint32_t now_ms)
{
    uint8_t f[WB_MAX_FRAME];
    send_bytes(f, wb_encode_hello(f, WB_PROTO_VERSION, FW_MAJOR, FW_MINOR, FW_PATCH, g_boot_id, g_rate_sps));
    g_last_hello_ms = now_ms;
}

static void send_log(const char *text)
{
    uint8_t f[WB_MAX_FRAME];
    send_bytes(f, wb_encode_log(f, text));
}

static void send_fault(uint8_t code, uint32_t detail)
{
    uint8_t f[WB_MAX_FRAME];
    send_bytes(f, wb_encode_fault(f, code, detail));
}

/* ------------------------------------------------------------------ HX711 */

/* Busy-wait at least us microseconds (+1 tick so a read just before a timer tick cannot end early). */
static __force_inline void delay_at_least_us(uint32_t us)
{
    uint32_t t0 = time_us_32();
    while (time_us_32() - t0 < us + 1u) {
        tight_loop_contents();
    }
}

/*
 * Clock out one conversion. Runs from RAM with interrupts disabled so that no
 * USB or timer interrupt and no flash cache miss can stretch an SCK-high phase
 * towards the 60 us power-down limit. 25..27 pulses * ~4 us = ~110 us with
 * interrupts off, well below the USB stack's tolerance.
 */
static void __not_in_flash_func(hx711_read)(uint8_t pulses, hx_read_t *out)
{
    uint32_t word = 0;
    uint32_t max_high = 0;
    uint32_t irq = save_and_disable_interrupts();
    for (uint8_t i = 0; i < pulses; i++) {
        uint32_t t_rise = time_us_32();
        gpio_put(PIN_SCK, 1);
        delay_at_least_us(SCK_HIGH_US); /* T3, also >> T2 so DOUT is valid */
        uint32_t bit = gpio_get(PIN_DOUT) ? 1u : 0u;
        gpio_put(PIN_SCK, 0);
        uint32_t high_us = time_us_32() - t_rise;
        if (high_us > max_high) {
            max_high = high_us;
        }
        if (i < 24) {
            word = (word << 1) | bit;
        }
        delay_at_least_us(SCK_LOW_US); /* T4 */
    }
    bool released = gpio_get(PIN_DOUT);
    restore_interrupts(irq);
    out->raw = wb_sign_extend24(word);
    out->max_high_us = max_high;
    out->dout_released = released;
}

static void hx711_power(bool on)
{
    if (on) {
        gpio_put(PIN_SCK, 0); /* chip resets; first conversion is A/128 */
    } else {
        gpio_put(PIN_SCK, 1); /* stays high > 60 us: power-down */
        sleep_us(POWERDOWN_HOLD_US);
    }
}

static uint8_t pulses_for_gain(uint8_t gain)
{
    switch (gain) {
    case 128: return 25;
    case 32: return 26;
    case 64: return 27;
    default: return 0;
    }
}

static void read_and_send(uint32_t now_ms)
{
    hx_read_t r;
    hx711_read(g_pulses, &r);
    uint8_t flags = 0;
    if (r.raw == 0x7FFFFF || r.raw == -0x800000) {
        flags |= WB_FLAG_SATURATED;
    }
    if (r.max_high_us > SCK_HIGH_MAX_US || !r.dout_released || g_settle_left > 0) {
        flags |= WB_FLAG_SUSPECT;
    }
    if (g_settle_left > 0) {
        g_settle_left--;
    }
    if (r.max_high_us > SCK_POWERDOWN_US) {
        g_overrun_total++;
        /* the chip powered down mid-word and reset: the next conversions settle again */
        g_settle_left = SETTLE_CONVERSIONS + (g_gain != 128 ? 1u : 0u);
        if (++g_overrun_run == OVERRUN_FAULT_RUN) {
            send_fault(WB_FAULT_CLOCK_OVERRUN, g_overrun_total);
        }
    } else {
        g_overrun_run = 0;
    }
    uint8_t f[WB_MAX_FRAME];
    send_bytes(f, wb_encode_sample(f, g_seq++, now_ms, r.raw, flags));

    /* Measure the real conversion rate once, in case the RATE pin is not wired to PIN_RATE. */
    if (g_rate_reads == 0) {
        g_rate_first_ms = now_ms;
    }
    if (++g_rate_reads == RATE_MEASURE_READS + 1u) {
        uint32_t period_ms = (now_ms - g_rate_first_ms) / RATE_MEASURE_READS;
        uint8_t measured = period_ms < RATE_80_MAX_PERIOD_MS ? 80 : 10;
        if (measured != g_rate_sps) {
            g_rate_sps = measured;
            send_log(measured == 80 ? "measured 80 SPS" : "measured 10 SPS");
            send_hello(now_ms);
        }
    }
}

/* ------------------------------------------------------------------ commands */

static void handle_frame(const wb_frame_t *f, uint32_t now_ms)
{
    switch (f->type) {
    case WB_TYPE_PING:
        send_hello(now_ms);
        break;
    case WB_TYPE_SET_GAIN: {
        uint8_t pulses = f->len == 1 ? pulses_for_gain(f->payload[0]) : 0;
        if (!pulses) {
            send_log("SET_GAIN ignored: gain must be 128, 64 or 32");
            break;
        }
        if (f->payload[0] != g_gain) {
            g_gain = f->payload[0];
            g_pulses = pulses;
            /* the pending conversion still has the old gain, then 4 to settle */
            g_settle_left = 1u + SETTLE_CONVERSIONS;
            g_rate_reads = 0;
        }
        break;
    }
    case WB_TYPE_POWER:
        if (f->len != 1) {
            break;
        }
        if (f->payload[0] && !g_powered) {
            hx711_power(true);
            g_powered = true;
            g_settle_left = SETTLE_CONVERSIONS + (g_gain != 128 ? 1u : 0u);
            g_last_ready_ms = now_ms;
            g_not_ready_reported = false;
            g_rate_reads = 0;
        } else if (!f->payload[0] && g_powered) {
            hx711_power(false);
            g_powered = false;
        }
        break;
    default:
        break; /* unknown or board->host types: ignore */
    }
}

static void poll_commands(uint32_t now_ms)
{
    char rx[64];
    int n = stdio_usb.in_chars(rx, (int)sizeof rx);
    for (int i = 0; i < n; i++) {
        wb_frame_t f;
        wb_decoder_push(&g_dec, (uint8_t)rx[i]);
        while (wb_decoder_next(&g_dec, &f)) {
            handle_frame(&f, now_ms);
        }
    }
}

/* ------------------------------------------------------------------ main */

int main(void)
{
    stdio_usb_init();

    gpio_init(PIN_SCK);
    gpio_set_dir(PIN_SCK, GPIO_OUT);
    gpio_init(PIN_DOUT);
    gpio_set_dir(PIN_DOUT, GPIO_IN);
    gpio_pull_up(PIN_DOUT);
    gpio_init(PIN_RATE);
    gpio_set_dir(PIN_RATE, GPIO_IN);
    gpio_pull_down(PIN_RATE);

    /* A clean start: power-cycle the HX711 (SCK high > 60 us, then low -> reset, A/128). */
    hx711_power(false);
    hx711_power(true);

    g_boot_id = get_rand_32();
    if (g_boot_id == 0) {
        g_boot_id = 1;
    }
    g_rate_sps = gpio_get(PIN_RATE) ? 80 : 10;
    wb_decoder_init(&g_dec);

    uint32_t now_ms = to_ms_since_boot(get_absolute_time());
    g_last_ready_ms = now_ms;
    send_hello(now_ms); /* lost if no host is listening yet; the host PINGs */
    send_log("waage bridge firmware ready");

    for (;;) {
        now_ms = to_ms_since_boot(get_absolute_time());
        poll_commands(now_ms);
        if (g_powered) {
            if (!gpio_get(PIN_DOUT)) { /* DOUT low: conversion ready (T1 is >> 0.1 us here) */
                if (g_not_ready_reported) {
                    send_log("HX711 ready again");
                }
                g_not_ready_reported = false;
                g_last_ready_ms = now_ms;
                read_and_send(now_ms);
            } else if (now_ms - g_last_ready_ms > NOT_READY_FAULT_MS &&
                       (!g_not_ready_reported || now_ms - g_last_not_ready_fault_ms >= FAULT_REPEAT_MS)) {
                send_fault(WB_FAULT_NOT_READY, now_ms - g_last_ready_ms);
                g_not_ready_reported = true;
                g_last_not_ready_fault_ms = now_ms;
            }
        }
        if (now_ms - g_last_hello_ms >= HELLO_INTERVAL_MS) {
            send_hello(now_ms);
        }
        tight_loop_contents();
    }
}
