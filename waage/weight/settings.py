"""Settings of the weight pipeline and the calibration (pydantic, unknown keys forbidden)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class Calibration(BaseModel):
    """Linear calibration: ``grams = (raw - offset) / counts_per_gram``.

    offset: counts of the empty platform. counts_per_gram: may be negative
    (a load cell mounted the other way round) but never zero.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    offset: float = 0.0
    counts_per_gram: float = Field(1.0)

    @field_validator("counts_per_gram")
    @classmethod
    def _nonzero(cls, v: float) -> float:
        if v == 0:
            raise ValueError("must not be 0 (run `waage calibrate`)")
        return v


class GlassSettings(BaseModel):
    """What the device knows about the glass (W-01, W-32, W-33, W-35). All in grams."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    glass_g: float = Field(350.0, gt=0, le=5000, description="empty glass")
    glass_capacity_g: float = Field(550.0, gt=0, le=5000, description="most beer the glass holds (W-35)")
    empty_threshold_g: float = Field(5.0, ge=0, description="beer left at or below which the glass is empty (W-32)")
    refill_threshold_g: float = Field(10.0, gt=0, description="smallest settled rise that is a refill (W-33)")

    @model_validator(mode="after")
    def _thresholds(self) -> "GlassSettings":
        for name in ("empty_threshold_g", "refill_threshold_g"):
            if getattr(self, name) >= self.glass_capacity_g:
                raise ValueError(f"{name} must be less than glass_capacity_g ({self.glass_capacity_g:g} g)")
        return self


class PipelineSettings(BaseModel):
    """Tuning of the weight pipeline stages; every threshold with its unit and where it comes from.

    Times are seconds, weights grams. Windows given in seconds are turned into sample
    counts with the pipeline's nominal ``sample_rate_hz`` (never fewer than the
    ``*_min_samples``), so the same settings work at 10 and 80 SPS.
    See docs/weight-pipeline.md for the measurements behind the defaults.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    # --- outlier gate (hx711.md §2.2: corrupt reads are single samples of ±200 g … ±25 kg)
    gate_jump_g: float = Field(
        60.0, gt=0,
        description="a sample further than this from the prediction (the last accepted value moved on by the "
        "last accepted step) is held back, with the samples after it, until one comes back (the run was corrupt "
        "and is dropped) or gate_max_drops + 1 stayed away (a real change); far above the noise (σ ≤ 1 g) and a "
        "ramp's curvature (≤ 15 g per sample²), below the smallest corrupt read (200 g)",
    )
    gate_max_drops: int = Field(
        5, ge=1, description="the longest run of corrupt reads the gate drops (issue 10: up to 5 in a row, of any "
        "sign and size): a jump that stays away for one sample more is accepted as a real change. Every real "
        "step is held back this many samples (62 ms at 80 SPS; at 10 SPS it ends within the HX711's own "
        "4-period settling plus one)"
    )
    gate_floor_g: float = Field(
        -100.0, description="a reading below this is corrupt: an empty platform reads 0 ± drift"
    )
    saturation_counts: float = Field(
        8388607.0, gt=0, description="|raw| at or above this is an HX711 saturated/corrupt word (0x7FFFFF, 0x800000)"
    )
    # --- settle detector (anchors.md §4.4 Decenza, §8.2 band+hold; adapted to 10/80 SPS)
    fast_window_s: float = Field(
        0.25, gt=0, description="window of the fast settle test used after a put-back (verdict latency)"
    )
    fast_min_samples: int = Field(
        6, ge=3, description="fewest samples in the fast window: 0.6 s at 10 SPS, longer than the ~4 steady "
        "samples a hand resting ≤ 0.7 s leaves after the HX711's own filter (its tremor is filtered out at 10 SPS)"
    )
    fast_confirm_s: float = Field(
        0.05, ge=0, description="after a put-back the fast test must pass for this long in a row (at least one "
        "sample): one lucky window must not settle on a hand's faint tremor"
    )
    placed_hold_s: float = Field(
        0.0, ge=0, description="after a put-back no verdict before this long after GlassPlaced (0: none). A resting "
        "hand whose tremor is fainter than the noise (≲ σ) and whose force is steady looks settled within the fast "
        "window; 0.9 s waits out a hand of up to 0.7 s plus its release, at the cost of verdict latency "
        "(about +0.5 s median at 80 SPS, docs/weight-pipeline.md). Non-zero holds are lengthened by the "
        "HX711's own settling (4 conversion periods: 0.05 s at 80 SPS, 0.4 s at 10 SPS)"
    )
    hand_tremor_power: float = Field(
        3.0, ge=0, description="hand guard (0: off): when a fast window that would settle after a put-back has a "
        "periodogram peak at 5–13 Hz above this × the white-noise level (its mean; exceeded by noise alone in "
        "~15 % of windows), a hand with a faint tremor may still rest on the glass and the verdict waits until "
        "hand_hold_s after GlassPlaced. Only below the Nyquist frequency: active at 80 SPS, not at 10 SPS "
        "(docs/weight-pipeline.md)"
    )
    hand_suspect_power: float = Field(
        0.0, ge=0, description="two-look hand test (0: off, the votes test above): a fast window due to settle whose "
        "5–13 Hz peak is above this × the white-noise level is looked at again on hand_window_s of the steady run"
    )
    hand_window_s: float = Field(
        0.25, gt=0, description="the two-look hand test's second window (samples of the steady run)"
    )
    hand_votes_s: float = Field(
        0.025, ge=0, description="the hand guard holds only once this many seconds' worth of samples (at least one) "
        "tripped it after a put-back; until then a tripping window is just not steady (2 samples at 80 SPS). A set-down's ringing "
        "tail (8–20 Hz, τ ≤ 50 ms) trips it for a few samples, a resting hand's tremor keeps tripping it"
    )
    hand_hold_s: float = Field(
        0.9, ge=0, description="how long after GlassPlaced the hand guard waits (a hand rests ≤ 0.7 s plus its "
        "release; lengthened by the HX711's 4 conversion periods)"
    )
    long_window_s: float = Field(
        1.0, gt=0, description="window of the slow settle test: reference tracking and changes without a lift"
    )
    long_min_samples: int = Field(12, ge=4, description="fewest samples in the long window (1.2 s at 10 SPS)")
    std_factor: float = Field(
        2.0, gt=1, description="the long window is steady when its standard deviation is at most this × the noise "
        "estimate (ringing, tremor, pours and ramps add variance)"
    )
    fast_std_factor: float = Field(
        1.35, gt=1, description="the same for the fast window after a put-back: strict, because a resting hand "
        "with a faint tremor must not pass (white noise exceeds 1.35 σ in ~3 % of 20-sample windows)"
    )
    tremor_factor: float = Field(
        1.2, gt=0, description="above this × the noise estimate the fast window must also pass the tremor test"
    )
    tremor_ratio: float = Field(
        1.5, gt=0, description="tremor test: mean squared successive difference ≥ this × variance "
        "(white noise: 2; a hand's 6–12 Hz tremor at 80 SPS: < 1)"
    )
    drift_sigmas: float = Field(
        4.0, gt=0, description="the two half-window means may differ by at most this many standard errors"
    )
    drift_floor_g: float = Field(
        0.15, ge=0, description="…but always at least this (creep 0.02 % ≈ 0.15 g must not block settling)"
    )
    noise_init_g: float = Field(0.3, gt=0, description="noise estimate (σ per sample) before any data")
    noise_floor_g: float = Field(0.03, gt=0, description="lower bound of the noise estimate")
    noise_ceiling_g: float = Field(5.0, gt=0, description="upper bound of the noise estimate")
    noise_tau_s: float = Field(
        8.0, gt=0, description="time constant of the noise estimate (successive differences, clipped at 4 σ)"
    )
    noise_stale_s: float = Field(
        3.0, gt=0, description="the noise estimate learns from steady samples only, unless none was steady this "
        "long (then from all, so that it can grow when the scale is noisier than thought)"
    )
    # --- event segmentation (W-30 … W-35)
    lift_fraction: float = Field(
        0.5, gt=0, lt=1, description="load below this × glass_g means the glass is lifted (anchors.md §8.4)"
    )
    place_fraction: float = Field(
        0.6, gt=0, lt=1.5, description="load back above this × glass_g means it is placed again (hysteresis)"
    )
    report_step_g: float = Field(
        2.0, gt=0,
        description="a settled change without a lift is reported when at least this; smaller ones "
        "(drift, creep, evaporation, foam) move the reference silently. Well above the settled "
        "value's error (p99 ≈ 0.3 g) and well below the smallest change the game acts on (refill 10 g)",
    )
    unlifted_hold_s: float = Field(
        1.5, ge=0,
        description="a change without a lift must stay steady this long beyond the long window (a pour "
        "topped up within ~2 s is one refill, brew.csv's fifth pour)"
    )
    reference_lag_s: float = Field(
        0.15, ge=0,
        description="when the long window stops being steady, the reference reverts to its value this long "
        "before: a 1 s window still passes while it takes in the first 0.1 s of a hand's push as it grabs the "
        "glass (bias up to 0.1–0.3 g at 80 SPS otherwise)",
    )
    lift_settle_s: float = Field(
        0.1, gt=0,
        description="a glass lifted before a change without a lift was reported (grabbed right after a pour, "
        "issue 12): the newest steady stretch of at least this long (≥ 2 samples) before the lift is the settled "
        "load, reported at once (W-33). Longer than the flat part of a hand's push as it grabs the glass (≤ 0.1 s, of "
        "which the HX711's filter leaves ≤ 5 samples at 80 SPS), shorter than the 0.2 s a person needs at the least "
        "to grab the glass after the pour settled",
    )
    lift_settle_short_s: float = Field(
        0.05, gt=0,
        description="…or at least this long (≥ 2 samples) when what follows it before the lift rings around it "
        "(a table bump between the pour and the lift, issue 12)",
    )
    lift_rise_s: float = Field(
        0.15, gt=0,
        description="…and only when the change into it took at least this long (a pour of 20 g at 60 g/s takes "
        "0.33 s; a hand pressing on the glass as it grabs it steps within the HX711's 4 conversions, 0.05 s at 80 SPS)",
    )
    capacity_margin_g: float = Field(
        50.0, ge=0, description="loads above glass_g + glass_capacity_g + this never settle (hand pressing, W-35)"
    )
    # --- zero tracking (anchors.md §8.2: only near zero, small steps, reset on tare)
    zero_band_g: float = Field(
        1.0, gt=0, description="zero tracking acts only while the empty platform settles within ± this"
    )
    zero_step_g: float = Field(0.2, gt=0, description="largest zero correction per step (Acaia ±2 d)")
    zero_interval_s: float = Field(1.0, gt=0, description="at most one zero-tracking step per this time")
    zero_hold_s: float = Field(
        5.0, ge=0,
        description="the platform must have been empty this long before zero tracking acts (a sip's 2 s "
        "off the scale would otherwise track the load cell's creep recovery as zero drift)",
    )
