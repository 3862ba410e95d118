package io.sonde.labeling;

/**
 * How the switches label (paper §3): {@code A} Base A (interval only), {@code B} Base B
 * (interval, then a probability by item count), {@code PRO} Base B in the data plane plus
 * the controller's adaptive loop (Algorithm 3), as the paper's implementation does.
 */
public enum LabelingMode {

	A, B, PRO

}
