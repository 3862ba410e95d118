package io.sonde.labeling;

/** No labeling parameters version with this number exists. */
public class LabelingVersionNotFound extends RuntimeException {

	private final long version;

	public LabelingVersionNotFound(long version) {
		super("there is no labeling parameters version " + version);
		this.version = version;
	}

	public long version() {
		return this.version;
	}

}
