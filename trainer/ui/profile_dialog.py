"""Who is training? Pick a trainee profile or create one (first screen)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.storage.database import StorageError, TrainerDB


class ProfileDialog(QDialog):
    """Choose a trainee; ``trainee_id`` holds the choice after ``exec()``."""

    def __init__(self, db: TrainerDB, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Who is training?")
        self.db = db
        self.trainee_id: int | None = None
        self.instructor_requested = False
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Pick your name, or type a new one and press Create."))
        self.names = QListWidget()
        self.names.setObjectName("trainees")
        self.names.itemActivated.connect(lambda _item: self.accept())
        layout.addWidget(self.names)
        row = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setObjectName("new_name")
        self.new_name.setPlaceholderText("New trainee's name")
        self.new_name.returnPressed.connect(self.create_profile)
        create = QPushButton("Create")
        create.clicked.connect(self.create_profile)
        row.addWidget(self.new_name)
        row.addWidget(create)
        layout.addLayout(row)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        instructor = buttons.addButton(
            "Instructor area\u2026", QDialogButtonBox.ButtonRole.ActionRole
        )
        instructor.clicked.connect(self._instructor)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill()
        self.resize(420, 480)

    def _fill(self, select: int | None = None) -> None:
        self.names.clear()
        for trainee in self.db.list_trainees():
            item = QListWidgetItem(trainee.name)
            item.setData(Qt.ItemDataRole.UserRole, trainee.id)
            self.names.addItem(item)
            if trainee.id == select:
                self.names.setCurrentItem(item)
        if select is None and self.names.count():
            self.names.setCurrentRow(0)
        if not self.names.count():
            self.new_name.setFocus()

    def create_profile(self) -> None:
        name = self.new_name.text().strip()
        if not name:
            self.error.setText("Type a name first.")
            return
        try:
            trainee_id = self.db.create_trainee(name)
        except StorageError as error:
            self.error.setText(str(error))
            return
        self.error.clear()
        self.new_name.clear()
        self._fill(select=trainee_id)
        self.accept()

    def _instructor(self) -> None:
        self.instructor_requested = True
        self.reject()

    def accept(self) -> None:
        item = self.names.currentItem()
        if item is None:
            self.error.setText("Pick a name, or create a new trainee.")
            return
        self.trainee_id = int(item.data(Qt.ItemDataRole.UserRole))
        super().accept()
