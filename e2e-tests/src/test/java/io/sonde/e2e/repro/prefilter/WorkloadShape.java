package io.sonde.e2e.repro.prefilter;

import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.emulator.traffic.DurationDistribution;
import io.sonde.emulator.traffic.OnOffBursts;

/**
 * The three traffic models of paper 003 §IV-B, named after the Facebook rack types of the
 * burst Markov model it drives its generator with (Zhang et al., "High-resolution
 * Measurement of Data Center Microbursts", IMC 2017, the paper's ref. 26).
 * <p>
 * The paper's text lost its numbers, and the fitted parameters of ref. 26 are not
 * available here, so burst lengths and gaps are ours, chosen to agree with what both
 * papers state in words: ref. 26's abstract says more than 70 % of bursts last at most
 * tens of microseconds; paper 003 says web has "lesser and shorter bursts" and a queue
 * that rarely reaches its higher thresholds, cache "longer bursts and thus higher queue
 * buildup", and that cache and hadoop are the "more bursty" traffic. Both durations are
 * exponential: the holding times of a two-state (on/off) Markov chain, which is what a
 * burst Markov model is. During a burst the flow offers twice what the bottleneck carries
 * ({@link BottleneckPath}), so a burst's peak queueing delay is about its length: the
 * thresholds, in microseconds of queue build-up as in the paper, compare directly with
 * these means.
 */
enum WorkloadShape {

	/**
	 * Short, rare bursts: the queue reaches 100 µs in under 1 % of them; about 9 % load
	 * on the bottleneck.
	 */
	WEB("web", 20, 500),

	/**
	 * Bursts three times as long, as often: a fifth of them take the queue past 100 µs;
	 * about 22 % load.
	 */
	CACHE("cache", 60, 500),

	/**
	 * Frequent bursts: gaps often shorter than the queue needs to drain, so bursts run
	 * into one another (the bottleneck sees over a third fewer bursts than the flow
	 * sent); about 53 % load.
	 */
	HADOOP("hadoop", 40, 120);

	private final String label;

	private final double meanBurstMicros;

	private final double meanGapMicros;

	WorkloadShape(String label, double meanBurstMicros, double meanGapMicros) {
		this.label = label;
		this.meanBurstMicros = meanBurstMicros;
		this.meanGapMicros = meanGapMicros;
	}

	/** The name in the REPRO lines and files. */
	String label() {
		return this.label;
	}

	double meanBurstMicros() {
		return this.meanBurstMicros;
	}

	double meanGapMicros() {
		return this.meanGapMicros;
	}

	/** On/off arrivals sending {@code burstPacketsPerSecond} while on. */
	ArrivalModel arrivals(double burstPacketsPerSecond) {
		return new OnOffBursts(new DurationDistribution.Exponential(this.meanBurstMicros * 1_000),
				new DurationDistribution.Exponential(this.meanGapMicros * 1_000), burstPacketsPerSecond);
	}

}
