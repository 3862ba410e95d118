package io.sonde.web.dashboard;

import java.security.Principal;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The sign-in page; Spring Security's form login handles the POST. */
@Controller
public class LoginController {

	@GetMapping("/login")
	public String login(Principal signedIn) {
		return (signedIn != null) ? "redirect:/" : "login";
	}

}
