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


#: the glass sizes a weighing offers, litres (the rule sheet allows 0.3 to 0.5 l; 1.0 l for a Maß)
GLASS_SIZES_L = (0.3, 0.4, 0.5, 1.0)
#: grams of beer per litre
BEER_G_PER_L = 1010.0
#: a glass holds about this much more than its mark, up to the brim (0.5 l → 555 g; the config's 550 g)
BRIM_FACTOR = 1.1


def capacity_for_size(litres: float) -> float:
    """The capacity (grams of beer up to the brim, W-35) of a glass of ``litres`` (its mark), 0.1 g."""
    return round(litres * BEER_G_PER_L * BRIM_FACTOR, 1)


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
        if self.empty_threshold_g >= self.refill_threshold_g:
            raise ValueError(f"empty_threshold_g ({self.empty_threshold_g:g} g) must be less than refill_threshold_g "
                             f"({self.refill_threshold_g:g} g): a refill must leave the glass not empty (W-32, W-33)")
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
        0.125, gt=0, description="window of the fast settle test used after a put-back (verdict latency): 10 "
        "samples at 80 SPS, about what an ideal detector that knows the settle instant needs for the same accuracy"
    )
    fast_min_samples: int = Field(
        6, ge=3, description="fewest samples in the fast window until the noise estimate has learnt noise_learnt_s "
        "of samples (then fast_learnt_min_samples): 0.6 s at 10 SPS, longer than the 4–5 steady samples a hand "
        "resting ≤ 0.7 s leaves after the HX711's own filter (its tremor is filtered out at 10 SPS); with 5 and a "
        "σ̂ still near its 0.3 g start value (3 × the 10 SPS noise) a hand of 0.66–0.69 s was taken as settled"
    )
    fast_learnt_min_samples: int = Field(
        5, ge=0, description="fewest samples in the fast window once the noise estimate has learnt noise_learnt_s "
        "of samples (0: always fast_min_samples): 0.4 s at 10 SPS, the HX711's own settling, so the verdict comes "
        "0.4 s after the reading settled (issue 10); 10 samples at 80 SPS either way. Only at the real noise does "
        "the fifth sample show the start of a hand's release or the ADC's last settling step; a hand resting "
        "0.65–0.7 s without a wobble is taken as settled (docs/weight-pipeline.md)"
    )
    fast_confirm_s: float = Field(
        0.025, ge=0, description="after a put-back the fast test must pass for this long in a row (at least one "
        "sample): one lucky window must not settle on a hand's faint tremor"
    )
    placed_hold_s: float = Field(
        0.35, ge=0, description="after a put-back no verdict before this long after GlassPlaced (0: none): W-30, a "
        "glass grabbed again within 0.2 s of being set down (GlassPlaced comes mid-ramp, ~0.1 s before the ramp "
        "ends) continues the attempt. 0.95 (0.9 s plus 4 conversion periods at 80 SPS) waits out every resting "
        "hand (≤ 0.7 s plus its release), also one the hand guard cannot see, at about +0.5 s of median latency"
    )
    level_hold_s: float = Field(
        0.2, ge=0, description="after a put-back no verdict before the load has stayed within ± level_band_sigmas × "
        "the noise estimate of the fast window's mean for this long (0: off): a verdict a fixed time after the "
        "load reached its level, whether the glass rang or was set down gently; it waits out a hand resting "
        "briefly and leaves the hand guard at least this much of the level to look at"
    )
    level_band_sigmas: float = Field(
        3.0, gt=0, description="the band of level_hold_s and of the hand guard's run (noise alone leaves it in "
        "0.3 % of samples; a set-down's ringing above ~1 g lies outside)"
    )
    hand_tremor_power: float = Field(
        8.0, ge=0, description="hand guard, tremor (0: off): when the verdict after a put-back is due, the load at "
        "its level is looked at; a 5–13 Hz periodogram peak above this × the white-noise level (a hand's 6–12 Hz "
        "tremor) holds the verdict until hand_hold_s after GlassPlaced. Only below the Nyquist frequency: active at "
        "80 SPS, not at 10 SPS. With hand_trend_chi2 set for ≤ 2 % false holds on noise and on ringing alone "
        "(waage bench; docs/weight-pipeline.md)"
    )
    hand_trend_chi2: float = Field(
        12.0, ge=0, description="hand guard, wobble (0: off): the same look holds the verdict when the run's linear "
        "and quadratic trend (χ² with 2 degrees of freedom in units of the noise; white noise exceeds 12 with "
        "p ≈ 0.25 %) is above this: a hand's force wobbles slowly (0.3–2 Hz)"
    )
    hand_skip_s: float = Field(
        0.05, ge=0, description="the hand guard's run leaves out its oldest this many seconds (the end of the "
        "set-down's ringing, τ ≤ 50 ms)"
    )
    hand_window_s: float = Field(
        0.25, gt=0, description="…and is at most this long at the first look (the newest samples)"
    )
    hand_suspect_fraction: float = Field(
        0.4, ge=0, lt=1, description="evidence above this × either limit, but not above the limits, is looked at "
        "once more hand_second_look_s later on a run that much longer (0: one look only). A resting hand's "
        "evidence grows with the run, and its release breaks the run (the verdict then waits for the glass); "
        "the noise's does not grow"
    )
    hand_second_look_s: float = Field(
        0.2, ge=0, description="how much later the second look comes (the verdict of a put-back looked at twice "
        "comes this much later)"
    )
    hand_hold_s: float = Field(
        0.9, ge=0, description="how long after GlassPlaced a tripped hand guard holds the verdict (a hand rests "
        "≤ 0.7 s plus its release; lengthened by the HX711's 4 conversion periods)"
    )
    live_window_s: float = Field(
        0.25, gt=0, description="the live weight on the display is the mean of this much of the newest samples "
        "(display only; at most long_window_s): σ/√20 ≈ 0.07 g at 80 SPS, so whole grams do not flicker"
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
        "with a faint tremor must not pass (white noise exceeds 1.35 σ in a few % of 10-sample windows)"
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
    noise_prior_s: float = Field(
        0.25, gt=0, description="noise_init_g counts as this much data: the estimate follows the first seconds of "
        "quiet samples closely, then with noise_tau_s"
    )
    noise_learnt_s: float = Field(
        3.0, gt=0, description="the fast window shortens to fast_learnt_min_samples once the noise estimate has "
        "learnt this much of samples (30 differences at 10 SPS, 240 at 80 SPS)"
    )
    noise_stale_s: float = Field(
        3.0, gt=0, description="the noise estimate learns from steady samples only, and from one sample each "
        "time this long passes without one"
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
        "issue 12): the newest steady stretch of at least this long (≥ 3 samples: two samples straddling any crest "
        "pass the steady test) before the lift is the settled "
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
    lift_fall_settle_s: float = Field(
        0.25, gt=0,
        description="…a stretch below the reference (a fall without a lift: a straw, a spill) only when at least this "
        "long: the drinker lets go of the straw before grabbing the glass (0.5 s or more), while a hand tilting the glass "
        "as it grabs it holds the dip 0.1–0.2 s and the lift cuts it off (issue 26: the dip was a fall, the sip that "
        "much short)",
    )
    pour_level_s: float = Field(
        0.2, ge=0, description="W-38 (0: the search for a pour after a put-back is off, as before issue 18), a pour right after a put-back: the put-back's level ends the attempt when the "
        "reading stood at it this long (at least pour_level_min_samples) after the sensor's own settling: with the "
        "HX711's 4 conversion periods 0.25 s at 80 SPS and 0.8 s at 10 SPS from the moment the glass came to rest; "
        "sooner, the attempt is unmeasured (AttemptUnmeasured) and the pour a refill",
    )
    pour_level_min_samples: int = Field(
        5, ge=2, description="…and at least this many samples (10 SPS: the last of them may already hold up to 0.1 s of a stream still too thin to show, so 4 samples, 0.3 s apart, let a level that stood 0.22 s from rest be measured, W-38; issue 26)",
    )
    pour_rise_s: float = Field(
        0.25, gt=0, description="a rise after a put-back is a pour when its last 2 × refill_threshold_g (or its last "
        "refill_threshold_g, for a smaller one) took at least this long plus the sensor's settling until the load "
        "stayed at the new level: a stream of ≤ 60 g/s adds 20 g in ≥ 0.33 s, a hand lets go of the glass within 0.2 s",
    )
    pour_smooth_s: float = Field(
        0.1, gt=0, description="the search for a pour looks at the mean of this much of samples (one period of the "
        "set-down's slowest ringing, 8 Hz, so that its troughs are no pour)",
    )
    drift_horizon_s: float = Field(
        120.0, gt=0, description="the zero's drift slope (a cold load cell warming up: 1.5 g/min dying away over 10 "
        "min) is taken from how the still-standing load moved over the stretches that ended within this long "
        "(on the platform and off it: the load cell's creep cancels over whole cycles)",
    )
    drift_min_span_s: float = Field(
        20.0, gt=0, description="…once they add up to at least this long (before: no correction)"
    )
    drift_skip_s: float = Field(
        8.0, ge=0, description="…leaving out the first this long after a lift, a put-back or a change (the load "
        "cell's creep toward the new load, τ ≈ 3 s, is no drift)",
    )
    drift_min_g_per_min: float = Field(
        0.1, ge=0, description="slopes below this are taken as 0 (the estimate's noise; the zero drift of a warm "
        "cell, 0.3 g/min, is corrected)"
    )
    drift_max_g_per_min: float = Field(
        6.0, ge=0, description="the slope is capped at this (0: no correction): the reference before a lift is moved "
        "by slope × the seconds to the verdict after the put-back",
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
