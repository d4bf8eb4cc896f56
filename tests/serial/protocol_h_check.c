/* Host-side check of firmware_bridge/protocol.h, driven by test_firmware_header.py.
 *   protocol_h_check crc      -> CRC of "123456789" as 4 hex digits
 *   protocol_h_check frames   -> fixed frames, one hex line each
 *   protocol_h_check sext     -> wb_sign_extend24 of a few words
 *   protocol_h_check decode   -> reads a hex stream on stdin, prints "type len payloadhex" per
 *                                frame, then "counters frames crc_errors resyncs bytes_discarded"
 */
#include <stdio.h>
#include <string.h>

#include "protocol.h"

static void hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        printf("%02x", p[i]);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    uint8_t f[WB_MAX_FRAME];
    if (argc < 2) {
        return 2;
    }
    if (!strcmp(argv[1], "crc")) {
        printf("%04x\n", wb_crc16((const uint8_t *)"123456789", 9, 0xFFFFu));
    } else if (!strcmp(argv[1], "frames")) {
        hex(f, wb_encode_hello(f, 1, 1, 2, 3, 0xDEADBEEFu, 80));
        hex(f, wb_encode_sample(f, 0xFFFFFFFFu, 123456u, -8388608, 3));
        hex(f, wb_encode_sample(f, 1u, 0u, wb_sign_extend24(0x7FFFFFu), 0));
        hex(f, wb_encode_fault(f, 1, 734u));
        hex(f, wb_encode_log(f, "gr\xc3\xbc\xc3\x9f dich, HX711"));
        hex(f, wb_encode_frame(f, WB_TYPE_PING, NULL, 0));
        printf("%zu\n", wb_encode_frame(f, WB_TYPE_LOG, f, 65)); /* too long: 0 */
    } else if (!strcmp(argv[1], "sext")) {
        const uint32_t words[] = {0x800000u, 0xFFFFFFu, 0x7FFFFFu, 0xFA0000u, 0x000001u};
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
            printf("%ld\n", (long)wb_sign_extend24(words[i]));
        }
    } else if (!strcmp(argv[1], "decode")) {
        wb_decoder_t d;
        wb_frame_t fr;
        unsigned int byte;
        wb_decoder_init(&d);
        while (scanf("%2x", &byte) == 1) {
            wb_decoder_push(&d, (uint8_t)byte);
            while (wb_decoder_next(&d, &fr)) {
                printf("%02x %u ", fr.type, fr.len);
                hex(fr.payload, fr.len);
            }
        }
        printf("counters %lu %lu %lu %lu\n", (unsigned long)d.frames, (unsigned long)d.crc_errors,
               (unsigned long)d.resyncs, (unsigned long)d.bytes_discarded);
    } else {
        return 2;
    }
    return 0;
}
