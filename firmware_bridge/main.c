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
 *
 * The loop never waits on the host: a frame is written only when the USB CDC
 * FIFO has room for all of it, otherwise it is dropped whole (SAMPLE's seq
 * still counts the conversion, so the host sees the gap). A watchdog restarts
 * the board if the loop ever hangs.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hardware/gpio.h"
#include "hardware/sync.h"
#include "hardware/watchdog.h"
#include "pico/rand.h"
#include "pico/stdio/driver.h"
#include "pico/stdio_usb.h"
#include "pico/stdlib.h"
#include "tusb.h"

#include "protocol.h"

#define FW_MAJOR 1
#define FW_MINOR 1
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
#define STUCK_PROBE_MS 500u       /* while DOUT stays low after a read: clock it once this often */
#define WATCHDOG_MS 1000u         /* the loop runs every few us; 1 s without a pass means it hung */

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
static bool g_dout_seen_high;  /* DOUT went high since the last read: a low DOUT is a NEW conversion */
static bool g_stuck_low_logged;
static uint32_t g_last_probe_ms;
static bool g_usb_up;          /* host has the port open (DTR) */
static uint32_t g_frames_dropped; /* frames not sent because the host had no room (or no port open) */
static uint32_t g_frames_dropped_logged;
static wb_decoder_t g_dec;

/* ------------------------------------------------------------------ USB I/O */

/*
 * Write one whole frame or nothing. stdio_usb's out_chars waits up to 500 ms
 * for FIFO room when the host does not read, and gives up mid-frame; so we
 * only call it when the CDC FIFO can take the entire frame at once (only this
 * loop writes, so the room can only grow between the check and the write).
 * It goes straight to the driver, bypassing stdio's CR/LF translation.
 * Returns false when the frame was dropped (no host, or the host is not reading).
 */
static bool send_bytes(const uint8_t *buf, size_t n)
{
    if (!n) {
        return false;
    }
    if (!stdio_usb_connected()) {
        return false; /* nobody listens: the host PINGs for a HELLO when it opens the port */
    }
    if (tud_cdc_write_available() < n) {
        g_frames_dropped++;
        return false;
    }
    stdio_usb.out_chars((const char *)buf, (int)n);
    return true;
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

static bool send_fault(uint8_t code, uint32_t detail)
{
    uint8_t f[WB_MAX_FRAME];
    return send_bytes(f, wb_encode_fault(f, code, detail));
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
 * interrupts off, well below the USB stack's tolerance. "no_inline": GCC would
 * otherwise inline it into main(), which lives in flash (a test checks the
 * symbol sits in RAM).
 */
static void __no_inline_not_in_flash_func(hx711_read)(uint8_t pulses, hx_read_t *out)
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

static void read_and_send(uint32_t now_ms, const hx_read_t *rp)
{
    hx_read_t r = *rp;
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
    g_dout_seen_high = r.dout_released;
    if (!r.dout_released) {
        g_last_probe_ms = now_ms; /* DOUT stuck low: the next probe in STUCK_PROBE_MS */
    }
    uint8_t f[WB_MAX_FRAME];
    /* seq counts conversions, sent or not: a frame dropped for a slow host is a seq gap */
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
            g_dout_seen_high = false;
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

/* One pass of the HX711 side: read a new conversion, or report that none comes. */
static void poll_hx711(uint32_t now_ms)
{
    bool dout_low = !gpio_get(PIN_DOUT);
    if (!dout_low) {
        g_dout_seen_high = true;
    }
    if (dout_low && g_dout_seen_high) { /* falling DOUT: conversion ready (T1 is >> 0.1 us here) */
        if (g_not_ready_reported) {
            send_log("HX711 ready again");
        }
        g_not_ready_reported = false;
        g_stuck_low_logged = false;
        g_last_ready_ms = now_ms;
        hx_read_t r;
        hx711_read(g_pulses, &r);
        read_and_send(now_ms, &r);
        return;
    }
    if (dout_low && now_ms - g_last_probe_ms >= STUCK_PROBE_MS) {
        /* DOUT has stayed low since a read that did not release it. Clock one word now and
         * then: a chip that works again releases DOUT after it (a real conversion, sent
         * flagged suspect); a dead one does not, and nothing is sent. */
        g_last_probe_ms = now_ms;
        hx_read_t r;
        hx711_read(g_pulses, &r);
        if (r.dout_released) {
            g_settle_left = g_settle_left ? g_settle_left : 1u;
            g_last_ready_ms = now_ms;
            g_stuck_low_logged = false;
            if (g_not_ready_reported) {
                send_log("HX711 ready again");
            }
            g_not_ready_reported = false;
            read_and_send(now_ms, &r);
            return;
        }
    }
    /* DOUT high (unplugged: the pull-up) or stuck low since the last read: no new data. */
    if (now_ms - g_last_ready_ms > NOT_READY_FAULT_MS &&
        (!g_not_ready_reported || now_ms - g_last_not_ready_fault_ms >= FAULT_REPEAT_MS)) {
        if (dout_low && !g_stuck_low_logged) {
            send_log("HX711 DOUT stuck low: no new conversion");
            g_stuck_low_logged = true;
        }
        if (send_fault(WB_FAULT_NOT_READY, now_ms - g_last_ready_ms) || !g_usb_up) {
            g_not_ready_reported = true; /* rate limited: again in FAULT_REPEAT_MS */
            g_last_not_ready_fault_ms = now_ms;
        }
    }
}

int main(void)
{
    bool watchdog_reboot = watchdog_enable_caused_reboot();
    watchdog_enable(WATCHDOG_MS, true);
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
    g_last_hello_ms = now_ms;

    for (;;) {
        watchdog_update();
        now_ms = to_ms_since_boot(get_absolute_time());
        bool usb_up = stdio_usb_connected();
        if (usb_up && !g_usb_up) {
            /* the boot HELLO, once a host listens (and again after each re-open) */
            g_usb_up = true;
            g_not_ready_reported = false; /* an ongoing fault is told to the new listener at once */
            send_hello(now_ms);
            send_log(watchdog_reboot ? "waage bridge firmware ready (after a watchdog reset)"
                                     : "waage bridge firmware ready");
        }
        g_usb_up = usb_up;
        poll_commands(now_ms);
        if (g_powered) {
            poll_hx711(now_ms);
        }
        if (now_ms - g_last_hello_ms >= HELLO_INTERVAL_MS) {
            send_hello(now_ms);
            if (g_frames_dropped != g_frames_dropped_logged && usb_up) {
                g_frames_dropped_logged = g_frames_dropped;
                send_log("frames dropped: the host did not read in time");
            }
        }
        tight_loop_contents();
    }
}
