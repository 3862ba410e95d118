package io.sonde.emulator.p4rt;

import java.util.Optional;

import io.grpc.Status;
import io.sonde.p4programs.SondeDeviceConfig;
import p4.config.v1.P4Info;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest;
import p4.v1.SetForwardingPipelineConfigRequest;

/**
 * The forwarding-pipeline configs of one switch and the actions of
 * SetForwardingPipelineConfig (spec §14). The switch runs one program, so "can the target
 * realise this config" means "is this P4Info that program's, and is the device config
 * that program's target binary" (by its SHA-256, when the switch knows it); the config is
 * kept as given, with the cookie, for GetForwardingPipelineConfig (§15).
 */
final class PipelineConfigStore {

	/** What a set action does to the forwarding state. */
	enum Effect {

		/** Nothing changes (VERIFY, VERIFY_AND_SAVE). */
		NONE,

		/** A new pipeline with empty tables (VERIFY_AND_COMMIT). */
		CLEAR_STATE,

		/** The pipeline changes and the entries stay (COMMIT, RECONCILE_AND_COMMIT). */
		KEEP_STATE

	}

	private final P4Info program;

	private final String programName;

	private final String deviceConfigSha256;

	private ForwardingPipelineConfig committed;

	private ForwardingPipelineConfig saved;

	/**
	 * @param deviceConfigSha256 SHA-256 (hex) of the device config the program is, or
	 * {@code null} when any device config goes (a program known only by its P4Info)
	 */
	PipelineConfigStore(P4Info program, String deviceConfigSha256) {
		this.program = program;
		this.deviceConfigSha256 = deviceConfigSha256;
		this.programName = program.getPkgInfo().getName().isEmpty() ? "the switch's program"
				: program.getPkgInfo().getName();
	}

	synchronized Effect apply(SetForwardingPipelineConfigRequest request) {
		ForwardingPipelineConfig config = request.hasConfig() ? request.getConfig() : null;
		switch (request.getAction()) {
			case VERIFY -> {
				verify(config);
				return Effect.NONE;
			}
			case VERIFY_AND_SAVE -> {
				verify(config);
				this.saved = config;
				return Effect.NONE;
			}
			case VERIFY_AND_COMMIT -> {
				verify(config);
				this.committed = config;
				this.saved = null;
				return Effect.CLEAR_STATE;
			}
			case COMMIT -> {
				if (config != null) {
					throw refused(Status.Code.INVALID_ARGUMENT, "COMMIT takes no config: it commits the saved one");
				}
				if (this.saved == null) {
					throw refused(Status.Code.NOT_FOUND, "no config was saved with VERIFY_AND_SAVE");
				}
				// The same program, so replaying the writes since the
				// save changes nothing.
				this.committed = this.saved;
				this.saved = null;
				return Effect.KEEP_STATE;
			}
			case RECONCILE_AND_COMMIT -> {
				verify(config);
				this.committed = config;
				this.saved = null;
				return Effect.KEEP_STATE;
			}
			default -> throw refused(Status.Code.INVALID_ARGUMENT,
					"action must be VERIFY, VERIFY_AND_SAVE, VERIFY_AND_COMMIT, COMMIT or RECONCILE_AND_COMMIT");
		}
	}

	private void verify(ForwardingPipelineConfig config) {
		if (config == null) {
			throw refused(Status.Code.INVALID_ARGUMENT, "the request carries no config");
		}
		if (!config.hasP4Info()) {
			throw refused(Status.Code.INVALID_ARGUMENT, "the config carries no P4Info");
		}
		P4InfoComparison.difference(this.program, config.getP4Info()).ifPresent((why) -> {
			throw refused(Status.Code.INVALID_ARGUMENT,
					"this switch runs " + this.programName + " and cannot realise another pipeline: " + why);
		});
		if (this.deviceConfigSha256 != null) {
			String pushed = SondeDeviceConfig.sha256(config.getP4DeviceConfig().toByteArray());
			if (!pushed.equals(this.deviceConfigSha256)) {
				throw refused(Status.Code.INVALID_ARGUMENT,
						"p4_device_config (" + config.getP4DeviceConfig().size() + " bytes, sha256 " + pushed
								+ ") is not the BMv2 program of " + this.programName + " this switch runs (sha256 "
								+ this.deviceConfigSha256 + ")");
			}
		}
	}

	synchronized boolean hasPipeline() {
		return this.committed != null;
	}

	/** The committed config as {@code type} asks; empty before any commit (§15). */
	synchronized Optional<ForwardingPipelineConfig> get(GetForwardingPipelineConfigRequest.ResponseType type) {
		if (this.committed == null) {
			return Optional.empty();
		}
		ForwardingPipelineConfig.Builder reply = ForwardingPipelineConfig.newBuilder();
		if (this.committed.hasCookie()) {
			reply.setCookie(this.committed.getCookie());
		}
		switch (type) {
			case COOKIE_ONLY -> {
			}
			case P4INFO_AND_COOKIE -> reply.setP4Info(this.committed.getP4Info());
			case DEVICE_CONFIG_AND_COOKIE -> reply.setP4DeviceConfig(this.committed.getP4DeviceConfig());
			default -> {
				return Optional.of(this.committed);
			}
		}
		return Optional.of(reply.build());
	}

	/** A full restart loses the pipeline (spec §3.5). */
	synchronized void clear() {
		this.committed = null;
		this.saved = null;
	}

	private static RequestRefused refused(Status.Code code, String message) {
		return new RequestRefused(code, message);
	}

}
