"""LaTeX reports: Jinja2 environment, filters and templates."""
