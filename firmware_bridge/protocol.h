/*
 * waage serial bridge protocol, version 1: CRC, frame encoding, frame decoding.
 *
 * Implements shared/docs/serial-protocol.md exactly; the host side is
 * waage/sensors/protocol.py and tests/serial/test_firmware_header.py checks
 * both produce the same bytes. Header-only, C99, no allocation, no I/O, so
 * it builds for the RP2040 and for a host test program alike.
 *
 * Frame: A5 5A | type u8 | len u8 (0..64) | payload[len] | crc u16 LE
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected, xorout 0)
 * over type, len and payload. Check value: CRC("123456789") = 0x29B1.
 */
#ifndef WAAGE_BRIDGE_PROTOCOL_H
#define WAAGE_BRIDGE_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WB_PROTO_VERSION 1u
#define WB_SYNC0 0xA5u
#define WB_SYNC1 0x5Au
#define WB_MAX_PAYLOAD 64u
#define WB_OVERHEAD 6u /* sync 2 + type 1 + len 1 + crc 2 */
#define WB_MAX_FRAME (WB_MAX_PAYLOAD + WB_OVERHEAD)

/* Board -> host */
#define WB_TYPE_HELLO 0x01u
#define WB_TYPE_SAMPLE 0x02u
#define WB_TYPE_FAULT 0x03u
#define WB_TYPE_LOG 0x7Eu
/* Host -> board */
#define WB_TYPE_PING 0x81u
#define WB_TYPE_SET_GAIN 0x82u
#define WB_TYPE_POWER 0x83u

/* SAMPLE flags */
#define WB_FLAG_SATURATED 0x01u /* raw is 0x7FFFFF or 0x800000 */
#define WB_FLAG_SUSPECT 0x02u   /* timing overrun, settling, DOUT not released */

/* FAULT codes */
#define WB_FAULT_NOT_READY 1u     /* HX711 not ready for over 500 ms; detail = ms */
#define WB_FAULT_CLOCK_OVERRUN 2u /* clock-high phase over the limit; detail = count */
#define WB_FAULT_OTHER 3u

#define WB_HELLO_LEN 9u
#define WB_SAMPLE_LEN 13u
#define WB_FAULT_LEN 5u

/* CRC-16/CCITT-FALSE, bitwise (8 shifts per byte: ~19 bytes per frame, no table in flash). */
static inline uint16_t wb_crc16_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)((uint16_t)byte << 8);
    for (int i = 0; i < 8; i++) {
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    }
    return crc;
}

static inline uint16_t wb_crc16(const uint8_t *data, size_t len, uint16_t crc)
{
    for (size_t i = 0; i < len; i++) {
        crc = wb_crc16_update(crc, data[i]);
    }
    return crc;
}

static inline void wb_put_u32le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint32_t wb_get_u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* Sign-extend a 24-bit two's-complement HX711 word to int32 (0x800000 -> -8388608). */
static inline int32_t wb_sign_extend24(uint32_t word)
{
    word &= 0xFFFFFFu;
    return (word & 0x800000u) ? (int32_t)(word | 0xFF000000u) : (int32_t)word;
}

/* Write a complete frame to out (room for len + 6 bytes). Returns its size, 0 if len > 64. */
static inline size_t wb_encode_frame(uint8_t *out, uint8_t type, const uint8_t *payload, size_t len)
{
    if (len > WB_MAX_PAYLOAD) {
        return 0;
    }
    out[0] = WB_SYNC0;
    out[1] = WB_SYNC1;
    out[2] = type;
    out[3] = (uint8_t)len;
    if (len) {
        memmove(&out[4], payload, len);
    }
    uint16_t crc = wb_crc16(&out[2], len + 2u, 0xFFFFu);
    out[4 + len] = (uint8_t)crc;
    out[5 + len] = (uint8_t)(crc >> 8);
    return len + WB_OVERHEAD;
}

static inline size_t wb_encode_hello(uint8_t *out, uint8_t proto, uint8_t fw_major, uint8_t fw_minor,
                                     uint8_t fw_patch, uint32_t boot_id, uint8_t rate_sps)
{
    uint8_t p[WB_HELLO_LEN];
    p[0] = proto;
    p[1] = fw_major;
    p[2] = fw_minor;
    p[3] = fw_patch;
    wb_put_u32le(&p[4], boot_id);
    p[8] = rate_sps;
    return wb_encode_frame(out, WB_TYPE_HELLO, p, sizeof p);
}

static inline size_t wb_encode_sample(uint8_t *out, uint32_t seq, uint32_t t_ms, int32_t raw, uint8_t flags)
{
    uint8_t p[WB_SAMPLE_LEN];
    wb_put_u32le(&p[0], seq);
    wb_put_u32le(&p[4], t_ms);
    wb_put_u32le(&p[8], (uint32_t)raw);
    p[12] = flags;
    return wb_encode_frame(out, WB_TYPE_SAMPLE, p, sizeof p);
}

static inline size_t wb_encode_fault(uint8_t *out, uint8_t code, uint32_t detail)
{
    uint8_t p[WB_FAULT_LEN];
    p[0] = code;
    wb_put_u32le(&p[1], detail);
    return wb_encode_frame(out, WB_TYPE_FAULT, p, sizeof p);
}

/* LOG text, truncated to 64 bytes (may cut a multi-byte UTF-8 character; the host replaces it). */
static inline size_t wb_encode_log(uint8_t *out, const char *text)
{
    size_t len = strlen(text);
    if (len > WB_MAX_PAYLOAD) {
        len = WB_MAX_PAYLOAD;
    }
    return wb_encode_frame(out, WB_TYPE_LOG, (const uint8_t *)text, len);
}

/*
 * Incremental decoder with the host's rules: find A5 5A; on len > 64 or a
 * CRC mismatch slide forward ONE byte and search again. Usage:
 *
 *     wb_decoder_push(&dec, byte);
 *     while (wb_decoder_next(&dec, &frame)) handle(&frame);
 */
typedef struct {
    uint8_t type;
    uint8_t len;
    uint8_t payload[WB_MAX_PAYLOAD];
} wb_frame_t;

typedef struct {
    uint8_t buf[WB_MAX_FRAME];
    uint8_t n;
    uint32_t frames;
    uint32_t crc_errors;
    uint32_t resyncs;
    uint32_t bytes_discarded;
} wb_decoder_t;

static inline void wb_decoder_init(wb_decoder_t *d)
{
    memset(d, 0, sizeof *d);
}

static inline void wb__drop(wb_decoder_t *d, uint8_t k)
{
    memmove(d->buf, d->buf + k, (size_t)(d->n - k));
    d->n = (uint8_t)(d->n - k);
}

/* Append one received byte. The buffer never overflows: a frame is decided at WB_MAX_FRAME bytes at most. */
static inline void wb_decoder_push(wb_decoder_t *d, uint8_t byte)
{
    if (d->n >= WB_MAX_FRAME) { /* cannot happen if next() is called after each push; stay safe */
        wb__drop(d, 1);
        d->bytes_discarded++;
    }
    d->buf[d->n++] = byte;
}

/* Return 1 and fill *f when a complete valid frame is available, else 0 (call until 0). */
static inline int wb_decoder_next(wb_decoder_t *d, wb_frame_t *f)
{
    for (;;) {
        if (d->n >= 1 && d->buf[0] != WB_SYNC0) {
            wb__drop(d, 1);
            d->bytes_discarded++;
            continue;
        }
        if (d->n >= 2 && d->buf[1] != WB_SYNC1) {
            wb__drop(d, 1);
            d->bytes_discarded++;
            continue;
        }
        if (d->n < 4) {
            return 0;
        }
        uint8_t len = d->buf[3];
        if (len > WB_MAX_PAYLOAD) {
            d->resyncs++;
            wb__drop(d, 1);
            d->bytes_discarded++;
            continue;
        }
        uint8_t end = (uint8_t)(len + WB_OVERHEAD);
        if (d->n < end) {
            return 0;
        }
        uint16_t rx = (uint16_t)(d->buf[end - 2] | (d->buf[end - 1] << 8));
        if (wb_crc16(&d->buf[2], (size_t)len + 2u, 0xFFFFu) != rx) {
            d->crc_errors++;
            d->resyncs++;
            wb__drop(d, 1);
            d->bytes_discarded++;
            continue;
        }
        f->type = d->buf[2];
        f->len = len;
        memcpy(f->payload, &d->buf[4], len);
        wb__drop(d, end);
        d->frames++;
        return 1;
    }
}

#endif /* WAAGE_BRIDGE_PROTOCOL_H */
