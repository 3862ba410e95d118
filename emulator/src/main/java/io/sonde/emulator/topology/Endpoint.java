package io.sonde.emulator.topology;

/**
 * One end of a link: a node's name and port number, written {@code node:port}.
 */
public record Endpoint(String node, int port) {

	public Endpoint {
		if (node == null || node.isBlank()) {
			throw new IllegalArgumentException("a link end needs a node name");
		}
	}

	/**
	 * Parses {@code node:port}.
	 * @throws IllegalArgumentException naming the text when it is not of that form
	 */
	public static Endpoint parse(String text) {
		if (text == null) {
			throw new IllegalArgumentException("a link end is missing");
		}
		int colon = text.lastIndexOf(':');
		if (colon <= 0 || colon == text.length() - 1) {
			throw new IllegalArgumentException("a link end is written node:port, got '" + text + "'");
		}
		String port = text.substring(colon + 1);
		if (!port.chars().allMatch(Character::isDigit) || port.length() > 6) {
			throw new IllegalArgumentException("port of link end '" + text + "' is not a number");
		}
		return new Endpoint(text.substring(0, colon), Integer.parseInt(port));
	}

	@Override
	public String toString() {
		return this.node + ":" + this.port;
	}

}
