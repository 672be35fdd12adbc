"""Progress and instructor screens: the trainee's progress, the instructor's dashboard,
the history chart and PDF output (reports' text comes from ``trainer.reports``)."""
