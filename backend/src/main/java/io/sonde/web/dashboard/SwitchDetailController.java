package io.sonde.web.dashboard;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchNotFound;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchView;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * One managed switch: its registration, connection, last reconciliation, the INT entries
 * and port counters read from it now, the expected-vs-installed diff on demand, and the
 * operator's actions (connect, disconnect, push the pipeline, reconcile) as form posts
 * that answer with a message on the page. Only operators and admins may post (the web
 * module's security); the page hides the buttons from viewers.
 */
@Controller
public class SwitchDetailController {

	private static final Logger logger = Logger.getLogger(SwitchDetailController.class.getName());

	/** The INT tables an operator checks first, in the order a packet meets them. */
	private static final Map<String, String> INT_TABLES = intTables();

	private final SwitchManagement switches;

	private final TopologyCatalog topology;

	public SwitchDetailController(SwitchManagement switches, TopologyCatalog topology) {
		this.switches = switches;
		this.topology = topology;
	}

	@GetMapping("/switches/{name}")
	public String detail(@PathVariable String name, Model model) {
		SwitchView view = existing(name);
		model.addAttribute("view", view);
		model.addAttribute("card", SwitchCard.of(view));
		model.addAttribute("report", view.connection().lastReconcile());
		List<InstalledTable> tables = intTables(name);
		model.addAttribute("intTables", tables);
		model.addAttribute("intRoles", intRoles(name, tables));
		model.addAttribute("counters", portCounters(name));
		return "switch";
	}

	/**
	 * The page with the expected-vs-installed comparison, read now; nothing is repaired.
	 */
	@GetMapping("/switches/{name}/diff")
	public String diff(@PathVariable String name, Model model) {
		String page = detail(name, model);
		try {
			StateDiff diff = this.switches.diff(name);
			model.addAttribute("diff", diff);
			model.addAttribute("diffAt", SwitchCard.TIME.format(diff.at()));
		}
		catch (SwitchNotReady ex) {
			model.addAttribute("diffProblem", ex.getMessage());
		}
		return page;
	}

	@PostMapping("/switches/{name}/connect")
	public String connect(@PathVariable String name, RedirectAttributes result) {
		return act(name, result, () -> {
			this.switches.connect(name);
			return "Sonde keeps a connection open to " + name + ".";
		});
	}

	@PostMapping("/switches/{name}/disconnect")
	public String disconnect(@PathVariable String name, RedirectAttributes result) {
		return act(name, result, () -> {
			this.switches.disconnect(name);
			return "Sonde closed its connection to " + name + " and leaves it alone until connected again.";
		});
	}

	@PostMapping("/switches/{name}/pipeline")
	public String pushPipeline(@PathVariable String name, @RequestParam(defaultValue = "false") boolean force,
			RedirectAttributes result) {
		return act(name, result, () -> {
			ReconcileReport report = this.switches.pushPipeline(name, force);
			return (report.pipelinePushed() ? "Pipeline pushed to " : "Pipeline already running on ") + name + "; "
					+ outcome(report);
		});
	}

	@PostMapping("/switches/{name}/reconcile")
	public String reconcile(@PathVariable String name, RedirectAttributes result) {
		return act(name, result, () -> "Reconciled " + name + ": " + outcome(this.switches.reconcile(name)));
	}

	@ExceptionHandler(SwitchNotFound.class)
	public ModelAndView notFound(SwitchNotFound ex) {
		return new ModelAndView("switch-not-found", Map.of("message", ex.getMessage()), HttpStatus.NOT_FOUND);
	}

	private String act(String name, RedirectAttributes result, Supplier<String> action) {
		existing(name);
		try {
			result.addFlashAttribute("done", action.get());
		}
		catch (SwitchNotReady ex) {
			result.addFlashAttribute("refused", "Not done: " + ex.getMessage() + ".");
		}
		return "redirect:/switches/" + name;
	}

	private static String outcome(ReconcileReport report) {
		return report.applied().size() + " changes applied, " + report.failed().size() + " refused, of "
				+ report.expected() + " expected entities.";
	}

	private SwitchView existing(String name) {
		// A switch only observed has no page: nothing on it is Sonde's to show or change.
		return this.switches.switchNamed(name)
			.filter(SwitchView::registered)
			.orElseThrow(() -> new SwitchNotFound(name));
	}

	private List<InstalledTable> intTables(String name) {
		return INT_TABLES.entrySet().stream().map((table) -> {
			try {
				return InstalledTable.read(table.getValue(), table.getKey(),
						this.switches.read(name, "tables", table.getKey()));
			}
			catch (RuntimeException ex) {
				return InstalledTable.unreadable(table.getValue(), table.getKey(), unreadable(name, ex));
			}
		}).toList();
	}

	/** Null when the switch cannot be read (the tables say why). */
	private IntRoles intRoles(String name, List<InstalledTable> tables) {
		if (tables.stream().anyMatch((table) -> table.problem() != null)) {
			return null;
		}
		try {
			return IntRoles.of(tables, this.switches.read(name, "tables", SondeEntities.INT_NODE_ID));
		}
		catch (RuntimeException ex) {
			unreadable(name, ex);
			return null;
		}
	}

	private PortCounters portCounters(String name) {
		try {
			return PortCounters.of(this.switches.read(name, "counters", PortCounters.INGRESS),
					this.switches.read(name, "counters", PortCounters.EGRESS), cabledPorts(name));
		}
		catch (RuntimeException ex) {
			return PortCounters.unreadable(unreadable(name, ex));
		}
	}

	/** Port -> what is cabled to it, when the switch is in the current topology. */
	private Map<Integer, String> cabledPorts(String name) {
		Map<Integer, String> ports = new LinkedHashMap<>();
		this.topology.current()
			.map((imported) -> TopologyGraph.of(imported.topology()))
			.filter((graph) -> graph.topology().switchNamed(name).isPresent())
			.ifPresent((graph) -> graph.neighbours(name)
				.forEach((next) -> ports.put(next.port(), next.node() + ":" + next.remotePort())));
		return ports;
	}

	/**
	 * A switch that is not connected is normal (shown as such); anything else is also
	 * logged, as the page is not where an operator looks for failures.
	 */
	private static String unreadable(String name, RuntimeException ex) {
		if (!(ex instanceof SwitchNotReady)) {
			logger.log(Level.WARNING, "switch page: cannot read " + name + ": " + ex.getMessage(), ex);
		}
		return "Not read: " + ex.getMessage();
	}

	private static Map<String, String> intTables() {
		Map<String, String> tables = new LinkedHashMap<>();
		tables.put(SondeEntities.WATCHLIST, "INT watchlist (source)");
		tables.put(SondeEntities.SINK_PORTS, "INT sink ports");
		tables.put(SondeEntities.COLLECTORS, "INT report collectors");
		return tables;
	}

}
