package io.sonde.emulator.pipeline;

/**
 * {@code standard_metadata.parser_error} of v1model as sonde.p4's parser can set it. A
 * packet with a parser error is not dropped (v1model hands it to ingress); the headers
 * extracted before the error stay valid and the rest of the frame is payload.
 */
public enum ParserError {

	/** {@code error.NoError}. */
	NO_ERROR,
	/** {@code error.PacketTooShort}: an extract ran past the end of the frame. */
	PACKET_TOO_SHORT,
	/**
	 * {@code error.StackOutOfBounds}: a ninth typed hop, or a 97th raw stack word
	 * ({@code MAX_INT_HOPS}, {@code MAX_INT_STACK_WORDS}).
	 */
	STACK_OUT_OF_BOUNDS,
	/**
	 * {@code error.IntStackLengthMismatch}: the stack does not end on a hop boundary
	 * (INT-2.1 §5.8 stack arithmetic).
	 */
	INT_STACK_LENGTH_MISMATCH,
	/**
	 * {@code error.LabelItemsOverflow}: an INT-label option counting more than
	 * {@code MAX_LABEL_ITEMS} items.
	 */
	LABEL_ITEMS_OVERFLOW

}
