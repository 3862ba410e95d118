package io.sonde.alerts;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which series a rule considers; a null field matches anything.
 *
 * @param switchName the switch's name (JSON {@code switch})
 * @param port an egress port
 * @param flow a flow as events write it ({@code 10.0.0.2:5000>10.1.0.3:6000/17})
 */
public record AlertSelector(@JsonProperty("switch") String switchName, Integer port, String flow) {

	public static final AlertSelector ANY = new AlertSelector(null, null, null);

}
