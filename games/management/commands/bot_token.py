"""`manage.py bot_token NAME`: a play token for the bot account NAME, printed once; the account
is made (without a password) and turned into a bot account if it is not one yet. For a local
server and its operator; people make their bots' tokens on /account/bot/."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.models.bots import PLAY, SCOPES
from games.services import ServiceError, bot_accounts


class Command(BaseCommand):
    help = "Print a new token for the bot account NAME (made if missing)."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--token-name", default="local")
        parser.add_argument("--scope", default=PLAY, choices=SCOPES)

    def handle(self, name, token_name, scope, **options):
        user, made = get_user_model().objects.get_or_create(username=name)
        if made:
            user.set_unusable_password()
            user.save()
        try:
            bot_accounts.make_bot(user)
            _, secret = bot_accounts.make_token(user, token_name, scope)
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(secret)
