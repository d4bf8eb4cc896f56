// Runs firmware_bridge's UF2 in the rp2040js RP2040 emulator, with a behavioural
// HX711 on its GPIO pins and the firmware's USB CDC serial bridged to a file
// descriptor (the master side of a pty that the Python test opened; the host
// code under test opens the slave side with pyserial).
//
//   node bridge-emulator.mjs --uf2 waage_bridge.uf2 --bootrom bootrom.mjs \
//        [--rate 10|80] [--rate-pin 0|1] [--zero-counts N] [--counts-per-gram X]
//        [--channel-b-counts N] [--noise-counts N] [--usb-fd 3]
//
// stdin: one JSON command per line, applied at once (in emulated time):
//   {"cmd": "load", "grams": 250}                    the load on the cell
//   {"cmd": "mode", "mode": "ok"|"unplugged"|"stuck_low"}
//       unplugged: DOUT floats high (the RP2040's pull-up), clocks are ignored;
//       stuck_low: DOUT held low, every bit reads 0
//   {"cmd": "reboot"}                                 power-cycle the RP2040
//   {"cmd": "host", "reading": false|true}          the USB host stops / resumes taking IN packets
//   {"cmd": "hang"}                                   the firmware's main loop hangs (the core spins
//                                                     in "b ." with interrupts on), for the watchdog
//   {"cmd": "quit"}
// Every command is answered with {"ev": "ack", "cmd": ..., ...status}.
// stdout: one JSON event per line: "boot", "usb" (enumerated, DTR set),
//   "tick" every 100 ms of emulated time (status: emulated time, conversions,
//   reads, pulses of the last read, gain, power, SCK-high maximum), "powerdown",
//   "powerup", "watchdog" (the firmware's watchdog fired; the board reboots).
// Emulated time runs at about a tenth of real time: the Python side waits on
// "tick" events, never on wall-clock sleeps.
//
// HX711 model (Avia HX711 datasheet V2.0): a conversion every 100 ms (10 SPS)
// or 12.5 ms (80 SPS); DOUT goes low when it is ready; each SCK rising edge
// shifts out the next bit, MSB first; pulse 25 pulls DOUT high again; 25, 26,
// 27 pulses in all select A/128, B/32, A/64 for the next conversion; SCK high
// for over 60 us powers the chip down, SCK low again resets it to A/128 and
// the first conversion is ready after the settling time (400 ms / 50 ms).
import fs from 'node:fs';
import readline from 'node:readline';
import { randomInt } from 'node:crypto';
import { BasePeripheral, ConsoleLogger, LogLevel, Simulator, USBCDC } from 'rp2040js';
import { decodeBlock } from 'uf2';

const PIN_DOUT = 2;
const PIN_SCK = 3;
const PIN_RATE = 4;
const FLASH_START = 0x10000000;
const WATCHDOG_BASE = 0x40058;
const ROSC_BASE = 0x40060;
const POWERDOWN_NS = 60_000;
const TICK_NS = 100_000_000;
const IN_BACKLOG_LIMIT = 1024; // bytes queued for the host before USB stops taking IN packets

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--')) throw new Error(`bad argument ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const rate = Number(args.rate ?? 10);
if (rate !== 10 && rate !== 80) throw new Error('--rate must be 10 or 80');
const ratePinWired = (args['rate-pin'] ?? '1') === '1';
const zeroCounts = Number(args['zero-counts'] ?? 84000);
const countsPerGram = Number(args['counts-per-gram'] ?? 420);
const channelBCounts = Number(args['channel-b-counts'] ?? -12345);
const noiseCounts = Number(args['noise-counts'] ?? 0);
const usbFd = Number(args['usb-fd'] ?? 3);
const { bootromB1 } = await import(new URL(`file://${fs.realpathSync(args.bootrom)}`));
const uf2Blocks = [];
{
  const data = fs.readFileSync(args.uf2);
  for (let off = 0; off + 512 <= data.length; off += 512) {
    uf2Blocks.push(decodeBlock(new Uint8Array(data.subarray(off, off + 512))));
  }
}

function emit(record) {
  process.stdout.write(JSON.stringify(record) + '\n');
}

// ------------------------------------------------------------------ HX711

const PULSES_TO_GAIN = { 25: 128, 26: 32, 27: 64 };
let lcg = 711;
function noise() {
  if (!noiseCounts) return 0;
  lcg = (lcg * 1103515245 + 12345) & 0x7fffffff;
  return Math.round(((lcg / 0x7fffffff) * 2 - 1) * noiseCounts);
}

class HX711 {
  constructor() {
    this.grams = 0;
    this.mode = 'ok';
    this.stats = { conversions: 0, reads: 0, last_pulses: 0, max_sck_high_ns: 0, powerdowns: 0 };
  }

  attach(mcu, clock) {
    this.mcu = mcu;
    this.clock = clock;
    this.dout = mcu.gpio[PIN_DOUT];
    this.sck = mcu.gpio[PIN_SCK];
    this.chipOn = true;
    this.gain = 128;
    this.ready = false;
    this.pulses = 0;
    this.word = 0;
    this.sckHigh = false;
    this.sckRiseNs = 0;
    this.conversion = clock.createAlarm(() => this.convert());
    this.powerdown = clock.createAlarm(() => this.powerDown());
    mcu.gpio[PIN_RATE].setInputValue(ratePinWired && rate === 80);
    this.sck.addListener(() => this.onSck());
    this.setDout(true);
    this.conversion.schedule(this.settleNs());
  }

  periodNs() {
    return rate === 80 ? 12_500_000 : 100_000_000;
  }

  settleNs() {
    return rate === 80 ? 50_000_000 : 400_000_000;
  }

  counts() {
    let c = this.gain === 32 ? channelBCounts : (zeroCounts + this.grams * countsPerGram) * (this.gain / 128);
    c = Math.round(c) + noise();
    return Math.max(-0x800000, Math.min(0x7fffff, c));
  }

  setDout(high) {
    if (this.mode === 'unplugged') high = true;
    if (this.mode === 'stuck_low') high = false;
    this.dout.setInputValue(high);
  }

  convert() {
    this.conversion.schedule(this.periodNs());
    if (!this.chipOn) return;
    if (this.pulses >= 25) this.gain = PULSES_TO_GAIN[Math.min(this.pulses, 27)];
    if (this.pulses > 0) this.stats.last_pulses = this.pulses;
    this.pulses = 0;
    this.word = this.counts() & 0xffffff;
    this.ready = true;
    this.stats.conversions++;
    this.setDout(false);
  }

  onSck() {
    const high = this.sck.outputValue && this.sck.outputEnable;
    if (high === this.sckHigh) return;
    this.sckHigh = high;
    const now = this.clock.nanos;
    if (high) {
      this.sckRiseNs = now;
      this.powerdown.schedule(POWERDOWN_NS);
      if (!this.chipOn || this.mode === 'unplugged') return;
      if (!this.ready && this.pulses === 0) return; // no data: the chip ignores the clock
      this.pulses++;
      if (this.pulses <= 24) {
        this.setDout(((this.word >> (24 - this.pulses)) & 1) === 1);
      } else if (this.pulses === 25) {
        this.ready = false;
        this.stats.reads++;
        this.setDout(true);
      }
    } else {
      this.powerdown.cancel();
      const highNs = now - this.sckRiseNs;
      if (this.chipOn && this.pulses > 0) {
        this.stats.max_sck_high_ns = Math.max(this.stats.max_sck_high_ns, highNs);
      }
      if (!this.chipOn) this.powerUp();
    }
  }

  powerDown() {
    if (!this.sckHigh || !this.chipOn) return;
    this.chipOn = false;
    this.ready = false;
    this.pulses = 0;
    this.stats.powerdowns++;
    this.conversion.cancel();
    this.setDout(true);
    emit({ ev: 'powerdown', ...status() });
  }

  powerUp() {
    this.chipOn = true;
    this.gain = 128;
    this.conversion.schedule(this.settleNs());
    emit({ ev: 'powerup', ...status() });
  }

  setMode(mode) {
    if (!['ok', 'unplugged', 'stuck_low'].includes(mode)) throw new Error(`unknown mode ${mode}`);
    this.mode = mode;
    this.setDout(!this.ready);
  }
}

// ------------------------------------------------------------------ RP2040 + USB

// rp2040js leaves the ring oscillator unimplemented (its RANDOMBIT reads 0), so
// get_rand_32() would give every boot the same boot_id. This one is running
// and gives random bits, as the real one does.
class RingOscillator extends BasePeripheral {
  readUint32(offset) {
    if (offset === 0x18) return 0x80001000; // STATUS: STABLE | ENABLED
    if (offset === 0x1c) return randomInt(2); // RANDOMBIT
    return super.readUint32(offset);
  }
}

const hx = new HX711();
let sim = null;
let cdc = null;
let boots = 0;
let elapsedBeforeBootNs = 0;
let hostBacklog = 0; // bytes handed to the pty writer and not yet written
let inHeld = false; // an IN transfer completion held back: the host is not reading
let hostReading = true; // {"cmd": "host"}: false = the host does not poll the IN endpoint
let releaseIn = null;

function uptimeMs() {
  return sim ? Math.floor(sim.clock.nanos / 1e6) : 0;
}

function status() {
  return {
    boots,
    t_ms: uptimeMs(),
    emulated_ms: Math.floor((elapsedBeforeBootNs + (sim ? sim.clock.nanos : 0)) / 1e6),
    usb: !!(cdc && cdc.connected),
    gain: hx.gain,
    chip_on: hx.chipOn,
    mode: hx.mode,
    host_backlog: hostBacklog,
    host_reading: hostReading,
    watchdog: !!(sim && sim.rp2040.peripherals[WATCHDOG_BASE].enable),
    ...hx.stats,
  };
}

const pendingToHost = [];
let writing = false;
function writeToHost(bytes) {
  pendingToHost.push(Buffer.from(bytes));
  hostBacklog += bytes.length;
  pump();
}
function pump() {
  if (writing || !pendingToHost.length) return;
  writing = true;
  const chunk = Buffer.concat(pendingToHost.splice(0));
  // A blocking write in libuv's thread pool: it waits while the host does not read the pty.
  fs.write(usbFd, chunk, (err, n) => {
    writing = false;
    if (err) {
      hostBacklog = 0;
      return;
    }
    if (n < chunk.length) pendingToHost.unshift(chunk.subarray(n));
    hostBacklog -= n;
    if (hostBacklog < IN_BACKLOG_LIMIT && hostReading && releaseIn) releaseIn();
    pump();
  });
}

function boot(reason, scratch) {
  if (sim) {
    elapsedBeforeBootNs += sim.clock.nanos;
    sim.stop();
  }
  boots++;
  sim = new Simulator();
  const mcu = sim.rp2040;
  // Unimplemented peripherals (ROSC, read by get_rand_32) would log a warning per access.
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.peripherals[ROSC_BASE] = new RingOscillator(mcu, 'ROSC_BASE');
  mcu.loadBootrom(bootromB1);
  for (const block of uf2Blocks) {
    mcu.flash.set(block.payload, block.flashAddress - FLASH_START);
  }
  const watchdog = mcu.peripherals[WATCHDOG_BASE];
  if (scratch) {
    watchdog.scratchData.set(scratch.data); // the watchdog's scratch registers survive its reset
    watchdog.reason = scratch.reason;
  }
  watchdog.onWatchdogTrigger = () => {
    // rp2040js re-arms the periodic alarm at once (it would fire again and again in
    // the same clock tick): stop it and the core, and reboot from the event loop.
    watchdog.alarm.enable = false;
    watchdog.timer.enable = false;
    sim.stop();
    emit({ ev: 'watchdog', ...status() });
    const saved = { data: Uint32Array.from(watchdog.scratchData), reason: watchdog.reason };
    setImmediate(() => boot('watchdog', saved));
  };
  hx.attach(mcu, sim.clock);
  cdc = makeCdc(mcu);
  const tick = sim.clock.createAlarm(() => {
    tick.schedule(TICK_NS);
    emit({ ev: 'tick', ...status() });
  });
  tick.schedule(TICK_NS);
  emit({ ev: 'boot', reason, ...status() });
  mcu.core.PC = FLASH_START;
  sim.execute();
}

function makeCdc(mcu) {
  const usb = mcu.usbCtrl;
  const c = new USBCDC(usb);
  c.connected = false;
  c.onDeviceConnected = () => {
    c.connected = true;
    emit({ ev: 'usb', ...status() });
  };
  c.onSerialData = (buffer) => writeToHost(buffer);
  // rp2040js answers a bulk OUT read at once, with an empty packet when it has
  // no data, so TinyUSB re-arms it every few microseconds and the emulation
  // crawls. Like a real host, keep the read pending until bytes arrive.
  let pendingRead = null;
  const cdcRead = usb.onEndpointRead;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint === c.outEndpoint && c.txFIFO.empty) {
      pendingRead = { endpoint, size };
      return;
    }
    cdcRead(endpoint, size);
  };
  c.feed = (bytes) => {
    for (const b of bytes) {
      if (c.txFIFO.full) break;
      c.sendSerialByte(b);
    }
    if (pendingRead) {
      const { endpoint, size } = pendingRead;
      pendingRead = null;
      cdcRead(endpoint, size);
    }
  };
  // A host that does not read: once enough bytes wait for the pty, hold back
  // the completion of the IN transfer, so the firmware's CDC FIFO fills up as
  // it does on a real USB bus (the host NAKs).
  const indicate = usb.indicateBufferReady.bind(usb);
  usb.indicateBufferReady = (endpoint, out) => {
    if (!out && endpoint === c.inEndpoint && (hostBacklog >= IN_BACKLOG_LIMIT || !hostReading)) {
      inHeld = true;
      releaseIn = () => {
        releaseIn = null;
        if (inHeld && cdc === c) {
          inHeld = false;
          indicate(endpoint, false);
        }
      };
      return;
    }
    indicate(endpoint, out);
  };
  return c;
}

// ------------------------------------------------------------------ host side

function readFromHost() {
  const buf = Buffer.alloc(256);
  fs.read(usbFd, buf, 0, buf.length, null, (err, n) => {
    if (err) {
      emit({ ev: 'usb_fd_error', error: String(err) });
      return;
    }
    if (n > 0 && cdc) cdc.feed(buf.subarray(0, n));
    readFromHost();
  });
}

const commands = readline.createInterface({ input: process.stdin });
commands.on('line', (line) => {
  if (!line.trim()) return;
  let cmd;
  try {
    cmd = JSON.parse(line);
    if (cmd.cmd === 'load') {
      hx.grams = Number(cmd.grams);
    } else if (cmd.cmd === 'mode') {
      hx.setMode(cmd.mode);
    } else if (cmd.cmd === 'reboot') {
      boot('reboot');
    } else if (cmd.cmd === 'host') {
      hostReading = !!cmd.reading;
      if (hostReading && hostBacklog < IN_BACKLOG_LIMIT && releaseIn) releaseIn();
    } else if (cmd.cmd === 'hang') {
      const HANG_AT = 0x20040000; // SCRATCH_X: unused by this firmware (core 1 is never started)
      sim.rp2040.writeUint16(HANG_AT, 0xe7fe); // Thumb "b ." (branch to itself)
      sim.rp2040.core.PC = HANG_AT;
    } else if (cmd.cmd === 'quit') {
      emit({ ev: 'ack', cmd: 'quit', ...status() });
      process.exit(0);
    } else {
      throw new Error(`unknown command ${cmd.cmd}`);
    }
    emit({ ev: 'ack', cmd: cmd.cmd, ...status() });
  } catch (e) {
    emit({ ev: 'error', line, error: String(e) });
  }
});
commands.on('close', () => process.exit(0));

readFromHost();
boot('power-on');
